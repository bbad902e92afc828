/**
 * The buffers kept pages' answers are written into, used again once an answer has gone out.
 *
 * A kept page is the same bytes for every visitor but its CSP nonce and frame, so each answer is
 * written anew. Written into a new buffer each time, a page-sized answer (25–30 kB) costs the
 * server about as much again as the rest of the answer: the same bytes answered from one buffer
 * kept in memory ran at twice the rate (bench/README.md, "A kept page's answer, written into a
 * buffer used again"). So an answer borrows a buffer of the pool and gives it back when the server
 * says it has been written (`returned`, on Node's `finish`: the whole answer has been handed to the
 * operating system, nothing refers to the buffer any more).
 *
 * An answer that is never written, or whose connection ended first, keeps its buffer: the garbage
 * collector takes it, as it took every answer's before. A buffer is never handed out while lent,
 * so one answer can never carry another's bytes.
 */

/** Below this, Node's own allocation pool serves a buffer cheaply: nothing to keep. */
const SMALLEST = 4_096;
/** Larger answers (a page of several hundred kB) are rare enough to be written into their own. */
const LARGEST = 1_048_576;

export interface AnswerBufferOptions {
  /** The most bytes kept in buffers waiting to be used again; beyond it, given-back buffers are let go. */
  maxIdleBytes?: number;
}

export interface AnswerBuffers {
  /** A buffer of exactly `length` bytes (its contents are not cleared), lent until `returned`. */
  borrow(length: number): Buffer<ArrayBuffer>;
  /** `buffer`, borrowed, is the body of `answer`: it comes back when the answer has been written. */
  lend(answer: Response, buffer: Buffer<ArrayBuffer>): void;
  /** `answer` has been written: the buffer lent with it (if any) may serve another answer. */
  returned(answer: Response): void;
  /** Bytes in buffers waiting to be used again. */
  readonly idleBytes: number;
}

export function createAnswerBuffers(options: AnswerBufferOptions = {}): AnswerBuffers {
  const { maxIdleBytes = 8_388_608 } = options;
  /** Idle buffers by capacity (a power of two). */
  const idle = new Map<number, ArrayBuffer[]>();
  /** The buffers of this pool's making that are borrowed: only these come back, and only once. */
  const out = new WeakSet<ArrayBuffer>();
  const lent = new WeakMap<Response, ArrayBuffer>();
  let idleBytes = 0;

  return {
    borrow(length) {
      if (length < SMALLEST || length > LARGEST) return Buffer.allocUnsafe(length) as Buffer<ArrayBuffer>;
      const capacity = 2 ** Math.ceil(Math.log2(length));
      let store = idle.get(capacity)?.pop();
      if (store) idleBytes -= capacity;
      // Its own memory, not cleared (as `allocUnsafe` is): every byte answered is written first.
      else store = Buffer.allocUnsafeSlow(capacity).buffer as ArrayBuffer;
      out.add(store);
      return Buffer.from(store, 0, length);
    },
    lend(answer, buffer) {
      if (out.has(buffer.buffer)) lent.set(answer, buffer.buffer);
    },
    returned(answer) {
      const store = lent.get(answer);
      lent.delete(answer);
      if (!store || !out.has(store)) return;
      out.delete(store);
      if (idleBytes + store.byteLength > maxIdleBytes) return;
      let stores = idle.get(store.byteLength);
      if (!stores) {
        stores = [];
        idle.set(store.byteLength, stores);
      }
      stores.push(store);
      idleBytes += store.byteLength;
    },
    get idleBytes() {
      return idleBytes;
    },
  };
}
