import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RichText } from "./rich-text.tsx";

const html = (text: string) => renderToStaticMarkup(<RichText text={text} />);

describe("RichText", () => {
  it("renders headings, paragraphs and lists, lists and lines mixed in one block", () => {
    expect(html("## Course\n\nIntro line\n- **25 km** up\n- 10 km\nAfter")).toBe(
      '<div class="rich-text"><h2>Course</h2><p>Intro line</p><ul><li><strong>25 km</strong> up</li><li>10 km</li></ul><p>After</p></div>',
    );
  });

  it("never lets a text inject markup", () => {
    const out = html("<script>alert(1)</script> *hi* [x](javascript:alert(1)) [ok](/evento)");
    expect(out).not.toContain("<script>");
    expect(out).toContain("&lt;script&gt;");
    expect(out).toContain("<em>hi</em>");
    expect(out).not.toContain('href="javascript');
    expect(out).toContain('<a href="/evento">ok</a>');
  });
});
