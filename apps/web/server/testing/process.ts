import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const main = fileURLToPath(new URL("../main.ts", import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves with the URL once the server logs that it listens. */
  listening: Promise<string>;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** Every log line so far, parsed. */
  logs: Record<string, unknown>[];
  stderr: () => string;
}

/** Runs the real server entry point (`npm start`'s command) in a child process. */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: Record<string, unknown>[] = [];
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    let buffered = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        const entry = JSON.parse(line) as Record<string, unknown>;
        logs.push(entry);
        if (entry.msg === "listening") resolve(String(entry.url));
      }
    });
    exited.then((code) => reject(new Error(`server exited with ${code}: ${errors}`)));
  });
  listening.catch(() => {});
  return { child, listening, exited, logs, stderr: () => errors };
}
