/**
 * The workshop's marks kept on the phone with no network (src/client/common/offlineMarks.ts):
 * sent in the order they were made, each once; an unanswered send stops the round and keeps the rest, a
 * refusal is set apart with its reason and the round goes on; a mark goes only under its maker's session.
 */
import { describe, expect, it } from 'vitest';
import { sendInOrder, waitingFor, type OfflineMark, type SendOutcome } from '../../src/client/common/offlineMarks';

const mark = (key: string, seq: number, extra: Partial<OfflineMark> = {}): OfflineMark => ({
  key, seq, code: `CODE${key}`, made_at: '2026-03-02T08:00:00.000Z', user: 7, ...extra,
});

/** A server that answers each key as `answers` says (sent when unsaid), recording what it was sent. */
function server(answers: Record<string, SendOutcome> = {}) {
  const received: string[] = [];
  return {
    received,
    send: async (m: OfflineMark): Promise<SendOutcome> => {
      received.push(m.key);
      return answers[m.key] ?? { kind: 'sent' };
    },
  };
}

describe('sendInOrder', () => {
  it('sends in the order the marks were made, whatever order they are read in, each once', async () => {
    const s = server();
    const result = await sendInOrder([mark('c', 30), mark('a', 10), mark('b', 20)], s.send);
    expect(s.received).toEqual(['a', 'b', 'c']);
    expect(result).toEqual({ sent: ['a', 'b', 'c'], refused: [] });
  });

  it('stops at the first unanswered send: that one and those after it are kept, not sent', async () => {
    const s = server({ b: { kind: 'unanswered' } });
    const result = await sendInOrder([mark('a', 1), mark('b', 2), mark('c', 3)], s.send);
    expect(s.received).toEqual(['a', 'b']);
    expect(result).toEqual({ sent: ['a'], refused: [] });
  });

  it('sets a refused mark apart with the server\'s reason and goes on with the next', async () => {
    const s = server({ a: { kind: 'refused', reason: 'Este paso ya estaba marcado' } });
    const result = await sendInOrder([mark('a', 1), mark('b', 2)], s.send);
    expect(s.received).toEqual(['a', 'b']);
    expect(result).toEqual({ sent: ['b'], refused: [{ key: 'a', reason: 'Este paso ya estaba marcado' }] });
  });

  it('sends nothing when there is nothing to send', async () => {
    const s = server();
    expect(await sendInOrder([], s.send)).toEqual({ sent: [], refused: [] });
    expect(s.received).toEqual([]);
  });
});

describe('waitingFor', () => {
  it('leaves out refused marks and other users\' marks; a mark whose maker is unknown goes with any session', () => {
    const marks = [
      mark('mine', 1),
      mark('refused', 2, { refused: 'No existe ningún artículo con ese código' }),
      mark('theirs', 3, { user: 8 }),
      mark('unknown', 4, { user: null }),
    ];
    expect(waitingFor(marks, 7).map((m) => m.key)).toEqual(['mine', 'unknown']);
    expect(waitingFor(marks, 8).map((m) => m.key)).toEqual(['theirs', 'unknown']);
  });
});
