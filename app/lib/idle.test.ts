import { Window as HappyWindow } from "happy-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { whenVisitorActs } from "./idle";

describe("whenVisitorActs", () => {
  let win: HappyWindow;
  beforeEach(() => {
    win = new HappyWindow({ url: "https://tienda.example/" });
    vi.stubGlobal("window", win);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    win.close();
  });
  const fire = (type: string) => win.dispatchEvent(new win.Event(type));

  it("waits for the visitor's first input, then runs once", () => {
    const task = vi.fn();
    whenVisitorActs(task);
    expect(task).not.toHaveBeenCalled();
    fire("touchstart");
    fire("keydown");
    fire("pointermove");
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("each kind of input starts it: touch, pointer, key, wheel", () => {
    for (const type of ["pointerdown", "pointermove", "touchstart", "keydown", "wheel"]) {
      const task = vi.fn();
      whenVisitorActs(task);
      fire(type);
      expect(task, type).toHaveBeenCalledTimes(1);
    }
  });

  it("never runs once cancelled", () => {
    const task = vi.fn();
    whenVisitorActs(task)();
    fire("pointerdown");
    expect(task).not.toHaveBeenCalled();
  });
});
