import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HeaderMenu } from "./header-menu.tsx";

describe("a header menu", () => {
  it("is a disclosure: its icon hidden from screen readers and its label in the summary, its list below", () => {
    const markup = renderToStaticMarkup(
      <HeaderMenu icon={<circle cx="12" cy="8" r="4" />} summary={<span>Grace</span>}>
        <li>Profilo</li>
      </HeaderMenu>,
    );
    expect(markup).toMatch(
      /^<details><summary><svg aria-hidden="true"[^>]*><circle[^>]*><\/circle><\/svg><span>Grace<\/span><\/summary>/,
    );
    expect(markup).toContain("<ul><li>Profilo</li></ul></details>");
  });
});
