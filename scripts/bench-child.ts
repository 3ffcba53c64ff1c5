/**
 * Loaded first (`--import`) into each process a bench starts (benchProcesses.ts): once the bench is gone, even
 * killed with SIGKILL, the process stops as it does on SIGTERM, closing what it holds; and for good 10 s later
 * should that hang.
 */
import { onParentGone } from './benchProcesses';

onParentGone(() => {
  process.kill(process.pid, 'SIGTERM');
  setTimeout(() => process.exit(1), 10_000).unref();
});
// The channel only watches for the bench: a script that ends on its own (backup.ts) must still end when its work is done.
process.channel?.unref();
