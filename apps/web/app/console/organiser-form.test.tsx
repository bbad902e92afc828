import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { overwriteGetLocale } from "../paraglide/runtime.js";
import { CancelForm, FormPageHead } from "./organiser-form.tsx";

/** What `page` renders under the console's layout route, as the given role sees it. */
function renderAs(role: "organiser" | "staff", page: () => React.ReactNode) {
  const Stub = createRoutesStub([
    {
      id: "layouts/console-layout-console",
      path: "/",
      loader: () => ({ role }),
      HydrateFallback: () => null,
      children: [
        {
          path: "/",
          Component: page,
        },
      ],
    },
  ]);
  return renderToStaticMarkup(<Stub hydrationData={{ loaderData: { "layouts/console-layout-console": { role } } }} />);
}

const render = (role: "organiser" | "staff", saved: boolean) =>
  renderAs(role, () => (
    <FormPageHead title="Mezza maratona" back={{ to: "/gestione/eventi/1", label: "Le Mura" }} saved={saved}>
      <p>46 posti presi</p>
    </FormPageHead>
  ));

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

describe("cancelling an event or an appointment", () => {
  const cancel = (refused: boolean) =>
    renderAs("organiser", () => (
      <CancelForm
        confirm="Confermo"
        label="Annulla l'evento"
        refusalId="status-refusal"
        refused={refused}
        button={{ name: "status", value: "cancelled" }}
      >
        <input type="hidden" name="intent" value="status" />
      </CancelForm>
    ));

  it("asks for the box first, then sends the danger button's value", () => {
    const markup = cancel(false);
    expect(markup).toContain('<input type="checkbox" required="" name="confirm" value="yes"/> Confermo</label>');
    expect(markup).toMatch(/<button type="submit" value="cancelled" class="button button-danger" name="status">/);
    expect(markup).not.toContain("aria-invalid");
  });

  it("ties the box to the refusal once sent without it", () => {
    expect(cancel(true)).toContain('aria-invalid="true" aria-describedby="status-refusal"');
  });
});
