import { describe, expect, it } from "vitest";
import { renderEntry } from "../../src/format/render-text.js";

describe("renderEntry", () => {
  it("keeps a nested image's url: it is data, not a link to the entry", () => {
    const text = renderEntry({ id: "v17", title: "Ever17", url: "https://vndb.org/v17", image: { url: "https://t.vndb.org/cv/20/95420.jpg" } });
    expect(text).toContain("image: url: https://t.vndb.org/cv/20/95420.jpg");
  });

  it("drops a nested entity's own vndb.org link inline (the id already names it)", () => {
    const text = renderEntry({
      id: "r12",
      title: "Ever17 DVD",
      url: "https://vndb.org/r12",
      vns: [{ id: "v17", title: "Ever17", url: "https://vndb.org/v17", rtype: "complete" }],
    });
    expect(text).toContain("vns: v17 Ever17 (rtype: complete)");
    expect(text).not.toContain("https://vndb.org/v17");
  });

  it("says what a lie tag means instead of a bare flag", () => {
    const text = renderEntry({ id: "v1", title: "X", tags: [{ id: "g249", name: "Time Travel", spoiler: 0, lie: true }] });
    expect(text).toContain("g249 Time Travel (marked a lie: the entry only seems to have it)");
    expect(text).not.toContain("lie: true");
  });
});
