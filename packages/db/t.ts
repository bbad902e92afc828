import { openDatabase } from "/work/main/packages/db/src/database.ts";

let t = performance.now();
const h = await openDatabase({ memory: true });
console.log("open", performance.now() - t);
t = performance.now();
await h.migrate();
console.log("migrate", performance.now() - t);
t = performance.now();
await h.migrate();
console.log("migrate2", performance.now() - t);
t = performance.now();
const blob = await (h as any).dump();
console.log("dump", performance.now() - t, blob.size);
t = performance.now();
const h2 = await openDatabase({ memory: true, loadDataDir: blob });
console.log("load", performance.now() - t);
t = performance.now();
console.log(await h2.db.execute("select count(*) from events" as any));
