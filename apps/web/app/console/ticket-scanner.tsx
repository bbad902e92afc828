import { useEffect, useRef, useState } from "react";
import * as m from "../paraglide/messages.js";

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** The same code read again within this time is the same ticket still in front of the camera. */
const SAME_CODE_MS = 4000;
/** How often a frame of the camera is read. */
const FRAME_EVERY_MS = 200;

/** Reads the QR code in the video's current frame, if there is one. */
type FrameReader = (video: HTMLVideoElement) => Promise<string | undefined>;

/**
 * The browser's own BarcodeDetector where there is one, else @zxing/browser, loaded only now. Each
 * frame is read on its own: a frame that is not there yet, or that the decoder stumbles on, is
 * skipped, and the next one is read. (@zxing/browser's own scanning loop stops for good on the first
 * error other than "no code here", sizes its canvas once, from the first frame, and reads every
 * frame the same way up.)
 */
async function frameReader(): Promise<FrameReader> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector) {
    const detector = new Detector({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video))[0]?.rawValue;
  }
  const { BrowserQRCodeReader } = await import("@zxing/browser");
  const reader = new BrowserQRCodeReader();
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  let frames = 0;
  return async (video) => {
    const { videoWidth: width, videoHeight: height } = video;
    if (!context || width === 0 || height === 0) return undefined;
    // Each frame is read a quarter turn further than the one before: @zxing's detector misses some
    // codes held one way that it reads held another (how many, on the tickets' own QR images:
    // bench/README.md, "The check-in camera's QR reader").
    const quarter = frames++ % 4;
    const [across, down] = quarter % 2 ? [height, width] : [width, height];
    if (canvas.width !== across) canvas.width = across;
    if (canvas.height !== down) canvas.height = down;
    context.setTransform(1, 0, 0, 1, across / 2, down / 2);
    context.rotate((quarter * Math.PI) / 2);
    context.drawImage(video, -width / 2, -height / 2);
    try {
      return reader.decodeFromCanvas(canvas).getText();
    } catch {
      return undefined; // No code in this frame.
    }
  };
}

/**
 * Reads tickets' QR codes with the phone's camera (`frameReader`, loaded only when the camera is
 * turned on). Each code read is handed to `onCode` once (the same code held in view is not sent
 * again at once).
 */
export function TicketScanner({ onCode }: { onCode: (code: string) => void }) {
  const [state, setState] = useState<"idle" | "starting" | "running" | "unavailable">("idle");
  const video = useRef<HTMLVideoElement>(null);
  const stop = useRef<(() => void) | null>(null);
  const handler = useRef(onCode);
  handler.current = onCode;

  useEffect(() => () => stop.current?.(), []);

  function halt() {
    stop.current?.();
    stop.current = null;
    setState("idle");
  }

  async function start() {
    const element = video.current;
    if (!element || !navigator.mediaDevices?.getUserMedia) {
      setState("unavailable");
      return;
    }
    setState("starting");
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
      element.srcObject = stream;
      await element.play();
      let stopped = false;
      const release = () => {
        stopped = true;
        for (const track of stream.getTracks()) track.stop();
        element.srcObject = null;
      };
      stop.current = release;
      let last = "";
      let lastAt = 0;
      const seen = (text: string) => {
        const now = Date.now();
        if (text === last && now - lastAt < SAME_CODE_MS) return;
        last = text;
        lastAt = now;
        handler.current(text);
      };
      const read = await frameReader();
      const tick = async () => {
        if (stopped) return;
        const text = await read(element).catch(() => undefined);
        if (text && !stopped) seen(text);
        setTimeout(tick, FRAME_EVERY_MS);
      };
      void tick();
      setState("running");
    } catch {
      // Refused, or no camera: the typed form is there.
      stop.current?.();
      stop.current = null;
      setState("unavailable");
    }
  }

  return (
    <div className="ticket-scanner">
      <video
        ref={video}
        className="ticket-scanner-video"
        hidden={state !== "running" && state !== "starting"}
        muted
        playsInline
        aria-label={m.console_checkin_camera_label()}
      />
      {state === "running" || state === "starting" ? (
        <button type="button" className="button" onClick={halt}>
          {m.console_checkin_camera_stop()}
        </button>
      ) : (
        <button type="button" className="button" onClick={() => void start()}>
          {m.console_checkin_camera_start()}
        </button>
      )}
      {state === "unavailable" ? <p>{m.console_checkin_camera_unavailable()}</p> : null}
    </div>
  );
}
