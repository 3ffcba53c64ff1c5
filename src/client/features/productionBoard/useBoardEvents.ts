/**
 * The board's live updates: an EventSource on the board's stream. Every event, and every (re)connection,
 * reads the board again — what changed while the connection was down is read then. EventSource
 * reconnects by itself after the server's `retry:` delay; a stream it gave up on (an answer that was not
 * an event stream, e.g. a proxy's 502 during a restart) is opened again here.
 */
import { useEffect, useRef, useState } from 'react';
import { productionBoardContracts } from '../../../shared/contracts/productionBoard';
import { pathOf } from '../../../shared/contracts/contract';
import { BOARD_CHANGED_EVENT } from '../../../shared/productionBoard';

/** How long after EventSource gives up a new one is opened. */
const REOPEN_MS = 5_000;

export type Connection = 'connecting' | 'live' | 'reconnecting';

/** The staff's stream; a kiosk passes its link's (`kioskEventsPath`) and stops it once the link is revoked (`enabled`). */
export function useBoardEvents(onChange: () => void, path = pathOf(productionBoardContracts.events), enabled = true): Connection {
  const [connection, setConnection] = useState<Connection>('connecting');
  // The latest callback, without opening the stream again each render.
  const changed = useRef(onChange);
  useEffect(() => { changed.current = onChange; }, [onChange]);

  useEffect(() => {
    if (!enabled) return undefined;
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const open = () => {
      source = new EventSource(path, { withCredentials: true });
      source.addEventListener('open', () => {
        setConnection('live');
        changed.current();
      });
      source.addEventListener(BOARD_CHANGED_EVENT, () => changed.current());
      source.addEventListener('error', () => {
        setConnection('reconnecting');
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        reopen = setTimeout(open, REOPEN_MS);
      });
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(reopen);
      source?.close();
    };
  }, [path, enabled]);
  return connection;
}
