import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Testing Library unmounts after each test by itself only with Vitest's globals on; ours are off.
afterEach(() => {
  cleanup();
});
