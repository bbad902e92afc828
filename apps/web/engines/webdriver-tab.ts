import { type ChildProcess, spawn } from "node:child_process";
import { againIfReplaced, pause, WAIT_MS } from "./puppeteer-tab.ts";
import { locate, sent, setValue, type Tab, type Target } from "./tab.ts";

/**
 * WebKit through WebKitGTK's own driver (Debian's `webkit2gtk-driver`): `WebKitWebDriver` speaks
 * classic WebDriver and drives MiniBrowser, a GTK window, here on an X server of its own (Xvfb).
 * The client is the few WebDriver commands the journeys need, over fetch.
 */

const MINIBROWSER = process.env.MINIBROWSER_PATH ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";

/** Starts Xvfb on the first free display, answering the process and the display it took (it writes its number). */
function startXvfb() {
  const child = spawn("Xvfb", ["-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise<{ child: ChildProcess; display: string }>((resolve, reject) => {
    let output = "";
    let errors = "";
    const timer = setTimeout(() => reject(new Error(`Xvfb did not start: ${errors}`)), WAIT_MS);
    child.stderr?.on("data", (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const number = /^(\d+)\n/.exec(output)?.[1];
      if (number) {
        clearTimeout(timer);
        resolve({ child, display: `:${number}` });
      }
    });
    child.on("exit", (code) => reject(new Error(`Xvfb ended (${code}): ${errors}`)));
  });
}

export async function webdriverTab(
  origin: string,
  port: number,
  viewport: { width: number; height: number },
): Promise<Tab> {
  // An X server on the first free display (it prints its number), then the driver on it.
  const xvfb = await startXvfb();
  const display = xvfb.display;
  const driver = spawn("WebKitWebDriver", [`--port=${port}`], {
    env: { ...process.env, DISPLAY: display },
    stdio: "ignore",
  });
  const ended = () => {
    driver.kill();
    xvfb.child.kill();
  };
  process.once("exit", ended);
  const base = `http://127.0.0.1:${port}`;

  async function command<T>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await fetch(`${base}${path}`, {
      method,
      headers: { "Content-Type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const value = ((await answer.json()) as { value: T }).value;
    if (!answer.ok) throw new Error(`webkit: ${method} ${path}: ${JSON.stringify(value)}`);
    return value;
  }

  // The driver answers once it listens: try the session until it does.
  let created: { sessionId: string } | undefined;
  for (let tries = 0; !created; tries++) {
    created = await command<{ sessionId: string }>("POST", "/session", {
      capabilities: {
        alwaysMatch: {
          browserName: "MiniBrowser",
          "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] },
        },
      },
    }).catch(async (error: unknown) => {
      if (tries > 50) throw error;
      await pause(100);
      return undefined;
    });
  }
  const session = `/session/${created.sessionId}`;
  await command("POST", `${session}/window/rect`, viewport);
  await command("POST", `${session}/timeouts`, { script: WAIT_MS, pageLoad: 60_000 });

  const run = <T>(fn: (...args: never[]) => unknown, ...args: unknown[]) =>
    command<T>("POST", `${session}/execute/sync`, { script: `return (${fn}).apply(null, arguments)`, args });

  async function element(target: Target): Promise<string> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const found = await run<Record<string, string> | null>(locate, sent(target)).catch(() => null);
      const id = found?.[ELEMENT];
      if (id) return id;
      if (Date.now() > deadline) throw new Error(`webkit: nothing on the page matches ${JSON.stringify(target)}`);
      await pause(100);
    }
  }

  /**
   * The target, brought to the middle of the window: WebKitWebDriver scrolls what it acts on only to
   * the window's edge, ignoring the page's scroll padding, where a sticky bar may cover it (then a
   * click is "intercepted" and typing "not interactable"). A person scrolls it into sight too.
   */
  async function inSight(target: Target): Promise<string> {
    const id = await element(target);
    await run((found: Element) => found.scrollIntoView({ block: "center", inline: "center" }), { [ELEMENT]: id });
    return id;
  }

  return {
    engine: "webkit",
    origin,
    async goto(path) {
      await command("POST", `${session}/url`, { url: new URL(path, origin).toString() });
    },
    url: () => command<string>("GET", `${session}/url`),
    run: (fn, ...args) => run(fn as never, ...args),
    present: async (target) => (await run(locate, sent(target))) !== null,
    click: (target) =>
      againIfReplaced(async () => {
        const id = await inSight(target);
        await command("POST", `${session}/element/${id}/click`, {}).catch((error: Error) => {
          throw new Error(`${error.message} clicking ${JSON.stringify(target)}`);
        });
      }),
    type: (target, text) =>
      againIfReplaced(async () => {
        const id = await inSight(target);
        const reference = { [ELEMENT]: id };
        const kind = await run<string>((input: HTMLInputElement) => input.type, reference);
        if (kind === "date" || kind === "select-one") await run(setValue, reference, text);
        else {
          await command("POST", `${session}/element/${id}/clear`, {});
          await command("POST", `${session}/element/${id}/value`, { text });
        }
      }),
    async upload(target, path) {
      const id = await element({ ...target, hidden: true });
      await command("POST", `${session}/element/${id}/value`, { text: path });
    },
    screenshot: async () => Buffer.from(await command<string>("GET", `${session}/screenshot`), "base64"),
    // Classic WebDriver reads no console: WebKitWebDriver has no log endpoint.
    errors: () => null,
    async close() {
      await command("DELETE", session).catch(() => undefined);
      process.off("exit", ended);
      ended();
    },
  };
}
