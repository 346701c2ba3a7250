#!/usr/bin/env node

// src/core/thread-pool.ts
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { isMainThread } from "node:worker_threads";
var POOL_FLAG = "--v8-pool-size";
var HEAP_FLAGS = /^--(initial-old-space-size|initial-heap-size|max-old-space-size|(min|max)-semi-space-size)/;
var INITIAL_OLD_SPACE_MB = 1024;
var SEMI_SPACE_MB = 32;
function fittedPoolSize(cores) {
  return cores <= 2 ? 1 : void 0;
}
function relaunchFlags(execArgv, nodeOptions, cores) {
  const size = fittedPoolSize(cores);
  if (size === void 0) return void 0;
  const given = [...execArgv, ...(nodeOptions ?? "").split(/\s+/)];
  if (given.some((flag) => flag.startsWith(POOL_FLAG) || /^--(inspect|cpu-prof|prof)/.test(flag)))
    return void 0;
  const heap = given.some((flag) => HEAP_FLAGS.test(flag)) ? [] : [
    `--initial-old-space-size=${INITIAL_OLD_SPACE_MB}`,
    `--min-semi-space-size=${SEMI_SPACE_MB}`,
    `--max-semi-space-size=${SEMI_SPACE_MB}`
  ];
  return [...execArgv, `${POOL_FLAG}=${size}`, ...heap];
}
function relaunchWithFittedPool(entry, args = process.argv.slice(2), cores = availableParallelism()) {
  const flags = relaunchFlags(process.execArgv, process.env.NODE_OPTIONS, cores);
  if (!flags) return Promise.resolve(void 0);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...flags, entry, ...args], {
      stdio: "inherit"
    });
    const signals = ["SIGINT", "SIGTERM", "SIGHUP"];
    const forward = (signal) => void child.kill(signal);
    for (const signal of signals) process.on(signal, forward);
    const stopForwarding = () => {
      for (const signal of signals) process.off(signal, forward);
    };
    child.on("error", () => {
      if (child.pid !== void 0) return;
      stopForwarding();
      resolve(void 0);
    });
    child.once("exit", (code, signal) => {
      stopForwarding();
      if (signal) process.kill(process.pid, signal);
      resolve(code ?? 1);
    });
  });
}
async function launch(entryUrl, load) {
  const childExit = isMainThread ? await relaunchWithFittedPool(fileURLToPath(entryUrl)) : void 0;
  if (childExit !== void 0) process.exitCode = childExit;
  else (await load()).start(entryUrl);
}

// src/cli/index.ts
await launch(import.meta.url, () => import("./cli-main.js"));
