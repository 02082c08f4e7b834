import type { Config } from "@react-router/dev/config";

// The bare React Router 7 app of bench/baseline.mjs: framework mode with SSR, nothing else.
export default { ssr: true, appDirectory: "app", buildDirectory: "build" } satisfies Config;
