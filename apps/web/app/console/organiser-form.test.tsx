import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { overwriteGetLocale } from "../paraglide/runtime.js";
import { FormPageHead } from "./organiser-form.tsx";

/** The head under the console's layout route, as the given role sees it. */
function render(role: "organiser" | "staff", saved: boolean) {
  const Stub = createRoutesStub([
    {
      id: "layouts/console-layout-console",
      path: "/",
      loader: () => ({ role }),
      HydrateFallback: () => null,
      children: [
        {
          path: "/",
          Component: () => (
            <FormPageHead title="Mezza maratona" back={{ to: "/gestione/eventi/1", label: "Le Mura" }} saved={saved}>
              <p>46 posti presi</p>
            </FormPageHead>
          ),
        },
      ],
    },
  ]);
  return renderToStaticMarkup(<Stub hydrationData={{ loaderData: { "layouts/console-layout-console": { role } } }} />);
}

describe("the head of a page of organisers' forms", () => {
  it("names the record, leads back to what it belongs to and says saved after a save", () => {
    overwriteGetLocale(() => "it-IT");
    const markup = render("organiser", true);
    expect(markup).toMatch(
      /<h1>Mezza maratona<\/h1><p><a [^>]*href="\/gestione\/eventi\/1"[^>]*>Le Mura<\/a><\/p><p>46 posti presi<\/p><p class="notice notice-ok" role="status">/,
    );
    expect(markup).not.toContain('role="note"');
  });

  it("tells staff they may read and not change, and says nothing saved before a save", () => {
    const markup = render("staff", false);
    expect(markup).toContain('<p class="notice" role="note">');
    expect(markup).not.toContain("notice-ok");
  });
});
