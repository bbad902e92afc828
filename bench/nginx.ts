/**
 * Debian's nginx for `npm run bench:cluster` and `npm run bench:queue`, running the repository's
 * site file (deploy/nginx/sports-events.conf) on loopback: a throwaway certificate, the site file
 * with the bench's ports, certificate and log folder written over its marked lines, and a small
 * top-level nginx.conf (pid, error log, temp paths, `daemon off`, connections enough for 10,000
 * visitors each keeping one open) that includes it. Every proxy setting comes from the site file as
 * it is in the repository.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { createServer } from "node:net";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const NGINX = "/usr/sbin/nginx";
const OPENSSL = "/usr/bin/openssl";
export const SITE_FILE = fileURLToPath(new URL("../deploy/nginx/sports-events.conf", import.meta.url));

export interface Nginx {
  /** https://127.0.0.1:port, with `ca` to trust it. */
  url: string;
  /** The plain-http port, which redirects to `url`. */
  httpPort: number;
  ca: string;
  version: string;
  /** The master process; its workers are its children. */
  pid: number;
  /** What nginx wrote to its error logs so far (its own and the site's), a line each. */
  errors(): string[];
  /** Fast shutdown; resolves once nginx has exited. */
  stop(): Promise<void>;
}

/** What is missing to run nginx here, as the command that installs it; undefined when nothing is. */
export function missingTools(): string | undefined {
  const missing = [existsSync(NGINX) ? undefined : "nginx", existsSync(OPENSSL) ? undefined : "openssl"];
  const packages = missing.filter(Boolean);
  return packages.length > 0 ? `apt-get install -y ${packages.join(" ")}` : undefined;
}

/** A port nothing listens on at the moment. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface SiteRewrite {
  upstreams: number[];
  httpsPort: number;
  httpPort: number;
  certificate: string;
  key: string;
  logDir: string;
}

/**
 * The site file with the bench's values on its marked lines: the upstream's `server 127.0.0.1:…`
 * lines become one per process (keeping their parameters), `listen 80`/`listen 443` move to
 * loopback ports (the IPv6 ones go), the certificate paths and /var/log/nginx/ point into the bench's
 * folder. Throws when one of them is not there, so a changed site file is noticed.
 */
export function siteForBench(site: string, rewrite: SiteRewrite): string {
  const found = { upstream: 0, listen: 0, certificate: 0, logs: 0 };
  const lines: string[] = [];
  for (const line of site.split("\n")) {
    const upstream = /^(\s*)server 127\.0\.0\.1:\d+( [^;]*)?;\s*$/.exec(line);
    const listen = /^(\s*)listen (\[::\]:)?(80|443)\b([^;]*);\s*$/.exec(line);
    const certificate = /^(\s*)(ssl_certificate(?:_key)?) \S+;\s*$/.exec(line);
    if (upstream) {
      if (found.upstream++ === 0) {
        for (const port of rewrite.upstreams) lines.push(`${upstream[1]}server 127.0.0.1:${port}${upstream[2] ?? ""};`);
      }
    } else if (listen) {
      found.listen++;
      const port = listen[3] === "443" ? rewrite.httpsPort : rewrite.httpPort;
      if (!listen[2]) lines.push(`${listen[1]}listen 127.0.0.1:${port}${listen[4]};`);
    } else if (certificate) {
      found.certificate++;
      const path = certificate[2] === "ssl_certificate" ? rewrite.certificate : rewrite.key;
      lines.push(`${certificate[1]}${certificate[2]} ${path};`);
    } else if (line.includes("/var/log/nginx/")) {
      found.logs++;
      lines.push(line.replaceAll("/var/log/nginx/", `${rewrite.logDir}/`));
    } else {
      lines.push(line);
    }
  }
  const missing = Object.entries(found).filter(([, n]) => n === 0);
  if (missing.length > 0) {
    throw new Error(`${SITE_FILE} has no ${missing.map(([what]) => what).join(", ")} lines to run it with`);
  }
  return lines.join("\n");
}

/** nginx in the foreground with the site in front of `upstreams`, in a temp folder; resolves once it answers. */
export async function startNginx(upstreams: number[]): Promise<Nginx> {
  const dir = mkdtempSync(join(os.tmpdir(), "sports-events-nginx-"));
  try {
    return await runIn(dir, upstreams);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

async function runIn(dir: string, upstreams: number[]): Promise<Nginx> {
  // The folder is nginx's prefix; its workers (nobody, when the master is root) keep temp files here.
  chmodSync(dir, 0o755);
  const certificate = join(dir, "certificate.pem");
  const key = join(dir, "key.pem");
  execFileSync(
    OPENSSL,
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"],
      ...["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", certificate],
    ],
    { stdio: "ignore" },
  );
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const site = siteForBench(readFileSync(SITE_FILE, "utf8"), {
    upstreams,
    httpsPort,
    httpPort,
    certificate,
    key,
    logDir: dir,
  });
  writeFileSync(join(dir, "sports-events.conf"), site);
  writeFileSync(
    join(dir, "nginx.conf"),
    [
      "daemon off;",
      "worker_processes auto;",
      "worker_rlimit_nofile 20000;",
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      "events { worker_connections 16384; }",
      "http {",
      `  client_body_temp_path ${dir}/client-body;`,
      `  proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/fastcgi;`,
      `  uwsgi_temp_path ${dir}/uwsgi;`,
      `  scgi_temp_path ${dir}/scgi;`,
      "  default_type application/octet-stream;",
      `  include ${dir}/sports-events.conf;`,
      "}",
      "",
    ].join("\n"),
  );
  const args = ["-p", dir, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log")];
  const test = spawnSync(NGINX, ["-t", "-q", ...args], { encoding: "utf8" });
  if (test.status !== 0) throw new Error(`nginx refused the configuration: ${test.stderr}`);
  // nginx -v writes to stderr.
  const version = spawnSync(NGINX, ["-v"], { encoding: "utf8" })
    .stderr.trim()
    .replace(/^nginx version: /, "");

  const child = spawn(NGINX, args, { stdio: ["ignore", "ignore", "pipe"] });
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stopped = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  };
  const ca = readFileSync(certificate, "utf8");
  const url = `https://127.0.0.1:${httpsPort}`;
  for (let waited = 0; (await get(`${url}/healthz`, ca).catch(() => undefined))?.status !== 200; waited += 50) {
    if (child.exitCode !== null || waited > 10_000) {
      await stopped();
      throw new Error(`nginx did not answer: ${errors}${readFileSync(join(dir, "error.log"), "utf8")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    httpPort,
    ca,
    version,
    pid: child.pid as number,
    errors: () =>
      ["error.log", "sports-events.error.log"].flatMap((file) => {
        const path = join(dir, file);
        return existsSync(path) ? readFileSync(path, "utf8").split("\n").filter(Boolean) : [];
      }),
    async stop() {
      await stopped();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One GET on its own connection: the status and the Location, over https with `ca` or plain http. */
export function get(url: string, ca?: string): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const options = { agent: false as const, ...(ca ? { ca } : {}) };
    const request = (url.startsWith("https:") ? https : http).get(url, options, (response) => {
      response.resume();
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          ...(response.headers.location ? { location: response.headers.location } : {}),
        }),
      );
    });
    request.on("error", reject);
  });
}
