import { Worker } from "node:worker_threads";
import { cpuUsage } from "node:process";
const code = process.argv[2];
await new Promise((res) => new Worker(code, { eval: true }).on("exit", res));
const c0 = cpuUsage();
for (let i = 0; i < 10; i++) await new Promise((res) => new Worker(code, { eval: true }).on("exit", res));
const c = cpuUsage(c0);
console.log("per worker cpu ms", ((c.user + c.system) / 10000).toFixed(0));
