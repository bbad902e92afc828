import type { PriceBreakdown } from "@sports/jsonapi";
import { Form } from "react-router";
import * as m from "../paraglide/messages.js";

/** What the recap's action answers about a discount code: the refusal in the visitor's words, with what was typed. */
export interface DiscountAnswer {
  discountCode: string;
  discountError?: string;
}

export function isDiscountAnswer(value: unknown): value is DiscountAnswer {
  return typeof value === "object" && value !== null && "discountCode" in value;
}

/**
 * The recap's discount code (docs/decisions/029-discount-codes.md): a field with "Apply", the
 * refusal next to it, and once a code is on the signup, the code with "Remove". Plain forms with
 * an intent: it works without JavaScript.
 */
export function DiscountCodeField({
  discount,
  answer,
}: {
  discount: PriceBreakdown["discount"];
  answer: DiscountAnswer | undefined;
}) {
  const error = answer?.discountError;
  return (
    <section className="recap-form discount-code" aria-labelledby="discount-title">
      <h2 id="discount-title" className="recap-form-title">
        {m.signup_discount_title()}
      </h2>
      {discount ? (
        <Form method="post" className="discount-applied">
          <p role="status">{m.signup_discount_applied({ code: discount.code })}</p>
          <button type="submit" name="intent" value="remove-discount" className="button button-quiet">
            {m.signup_discount_remove()}
          </button>
        </Form>
      ) : (
        <Form method="post" className="account-form">
          <div className="field">
            <label htmlFor="discount-code">{m.signup_discount_field()}</label>
            <p className="field-hint" id="discount-code-hint">
              {m.signup_discount_hint()}
            </p>
            <div className="discount-row">
              <input
                id="discount-code"
                name="discountCode"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={64}
                defaultValue={answer?.discountCode ?? ""}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "discount-code-hint discount-code-error" : "discount-code-hint"}
              />
              <button type="submit" name="intent" value="discount" className="button">
                {m.signup_discount_apply()}
              </button>
            </div>
            {error && (
              <p className="field-error" id="discount-code-error" role="alert">
                {error}
              </p>
            )}
          </div>
        </Form>
      )}
    </section>
  );
}
