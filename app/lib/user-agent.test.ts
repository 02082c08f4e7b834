import { describe, expect, it } from "vitest";
import { describeUserAgent } from "./user-agent";

// Real headers, as browsers send them (Chrome's reduced header on Android says 'K' for the model).
const UA = {
  androidChrome:
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  pixelChrome:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36",
  iphoneSafari:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  iphoneChrome:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.153 Mobile/15E148 Safari/604.1",
  samsung:
    "Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-A536B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
  windowsEdge:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  windowsChrome:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  macSafari:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  macChrome:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  windowsFirefox: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
  androidFirefox: "Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0",
  linuxFirefox: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  facebookAndroid:
    "Mozilla/5.0 (Linux; Android 12; SM-G991B Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/445.0.0.34.118;]",
  instagramIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 309.0.2.18.110 (iPhone14,5; iOS 17_1_2; es_US; es; scale=3.00; 1170x2532; 536988435)",
  ipadSafari:
    "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
  operaWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0",
};

describe("a browser in words for staff", () => {
  it.each([
    [UA.androidChrome, "Android · Chrome"],
    [UA.pixelChrome, "Android · Chrome"],
    [UA.iphoneSafari, "iPhone · Safari"],
    [UA.iphoneChrome, "iPhone · Chrome"],
    [UA.samsung, "Android · Samsung Internet"],
    [UA.windowsEdge, "Windows · Edge"],
    [UA.windowsChrome, "Windows · Chrome"],
    [UA.macSafari, "Mac · Safari"],
    [UA.macChrome, "Mac · Chrome"],
    [UA.windowsFirefox, "Windows · Firefox"],
    [UA.androidFirefox, "Android · Firefox"],
    [UA.linuxFirefox, "Linux · Firefox"],
    [UA.facebookAndroid, "Android · Facebook"],
    [UA.instagramIphone, "iPhone · Instagram"],
    [UA.ipadSafari, "iPad · Safari"],
    [UA.operaWindows, "Windows · Opera"],
  ])("reads %s", (ua, words) => {
    expect(describeUserAgent(ua)).toBe(words);
  });

  it("says so when it recognises neither the system nor the browser", () => {
    expect(describeUserAgent("curl/8.5.0")).toBe("Navegador desconocido");
    expect(describeUserAgent("")).toBe("Navegador desconocido");
    expect(describeUserAgent(null)).toBe("Navegador desconocido");
  });

  it("names what it knows when only one half is known", () => {
    expect(describeUserAgent("Mozilla/5.0 (Windows NT 10.0; Win64; x64) SomethingNew/1.0")).toBe("Windows");
  });
});
