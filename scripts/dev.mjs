// `npm run dev`: the API with reload on :3000 and the web app with HMR on :5173 (proxying /api).
import { spawn } from "node:child_process";

const children = [
  spawn("npm", ["run", "dev", "-w", "@sms/server"], {
    stdio: "inherit",
    env: { ...process.env, PORT: "3000" },
  }),
  spawn("npm", ["run", "dev", "-w", "@sms/web"], {
    stdio: "inherit",
    env: { ...process.env, API_PORT: "3000" },
  }),
];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
for (const child of children) {
  child.on("exit", (code) => {
    stop("SIGTERM");
    process.exitCode = code ?? 0;
  });
}
