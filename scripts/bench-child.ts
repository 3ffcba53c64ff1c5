/**
 * Loaded first (`--import`) into each server a bench starts (benchProcesses.ts): once the bench is gone, even
 * killed with SIGKILL, the server stops as it does on SIGTERM, closing what it holds; and for good 10 s later
 * should that hang.
 */
import { onParentGone } from './benchProcesses';

onParentGone(() => {
  process.kill(process.pid, 'SIGTERM');
  setTimeout(() => process.exit(1), 10_000).unref();
});
