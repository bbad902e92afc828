import { describe, expect, it } from "vitest";
import { createAnswerBuffers } from "./answer-buffers.ts";

describe("answer buffers", () => {
  it("hands a buffer out again only once the answer it was lent with has been written", () => {
    const buffers = createAnswerBuffers();
    const first = buffers.borrow(25_000);
    const answer = new Response(first);
    buffers.lend(answer, first);
    const meanwhile = buffers.borrow(25_000);
    expect(meanwhile.buffer).not.toBe(first.buffer);
    buffers.returned(answer);
    expect(buffers.idleBytes).toBe(32_768);
    const again = buffers.borrow(20_000);
    expect(again.buffer).toBe(first.buffer);
    expect(again.length).toBe(20_000);
    expect(buffers.idleBytes).toBe(0);
  });

  it("takes each buffer back once, and nothing it did not make", () => {
    const buffers = createAnswerBuffers();
    const buffer = buffers.borrow(10_000);
    const answer = new Response(buffer);
    buffers.lend(answer, buffer);
    buffers.returned(answer);
    buffers.returned(answer);
    expect(buffers.idleBytes).toBe(16_384);
    expect(buffers.borrow(10_000).buffer).toBe(buffer.buffer);
    expect(buffers.borrow(10_000).buffer).not.toBe(buffer.buffer);
    // Small answers come from Node's own pool, shared with other buffers: never kept here.
    const small = buffers.borrow(100);
    const other = new Response(small);
    buffers.lend(other, small);
    buffers.returned(other);
    const foreign = Buffer.allocUnsafeSlow(8_192) as Buffer<ArrayBuffer>;
    const third = new Response(foreign);
    buffers.lend(third, foreign);
    buffers.returned(third);
    expect(buffers.idleBytes).toBe(0);
  });

  it("lets buffers go beyond the bytes it may keep idle", () => {
    const buffers = createAnswerBuffers({ maxIdleBytes: 40_000 });
    const lent = [1, 2, 3].map(() => {
      const buffer = buffers.borrow(30_000);
      const answer = new Response(buffer);
      buffers.lend(answer, buffer);
      return answer;
    });
    for (const answer of lent) buffers.returned(answer);
    expect(buffers.idleBytes).toBe(32_768);
  });
});
