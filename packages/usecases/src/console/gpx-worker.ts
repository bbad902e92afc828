/**
 * The GPX worker thread (started by `courseOfGpxInWorker` in gpx.ts): reads each file it is sent
 * and computes its course, answering plain data, so a large or awkward file never holds up the
 * server's requests. A refusal goes back as its code and message, anything else as an error.
 */
import { parentPort } from "node:worker_threads";
import { isRefusal } from "@sports/domain";
import { courseOfGpx } from "./gpx.ts";

parentPort?.on("message", ({ id, content }: { id: number; content: Uint8Array }) => {
  try {
    parentPort?.postMessage({ id, course: courseOfGpx(content) });
  } catch (error) {
    if (isRefusal(error)) parentPort?.postMessage({ id, refusal: { code: error.code, message: error.message } });
    else parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
