import { DEFAULT_HOLD_MINUTES, DEFAULT_PAYMENT_TERM_DAYS } from "@sports/domain";
import { md } from "./model.ts";
import { ORGANISER, ORGANISER_EMAIL_LINK, organiserAddress } from "./organiser.ts";

const address = organiserAddress("en-US");

/** The editorial pages in English, keyed by slug; what they say of signups is what the site does. */
export const PAGES_EN = {
  about: {
    title: "About us",
    body: md(
      `${ORGANISER.name} started with a group of runners, cyclists and coaches who have been putting on races and camps across Italy for years. We try to run every event the way we'd want to find it as participants: well-marked courses, clear information and no surprises on race morning.`,
      "## What we organise",
      "- **Running**: mountain trail races, city half marathons, relays and evening runs.\n- **Cycling**: road gran fondos and mountain-bike marathons.\n- **Water**: open-water swims and triathlons.\n- **Racket sports**: padel tournaments and tennis weekends.\n- **Camps**: multisport weeks for girls and boys aged 8 to 14.",
      "## How we work",
      "Every event has a race director who knows the course inch by inch and who you'll find at the start. We work with local sports clubs, town councils and volunteers, and part of every entry fee stays with the communities that host us.",
      "Safety comes first. Every course has medical staff, radios and first-aid points; on swims there's a safety kayak for every twenty swimmers. If the weather or the ground makes racing unsafe, we shorten the course or postpone, and we never take that decision lightly.",
      "## Simple signups",
      "On this site you pick the event and the race, enter the participants' details, add a place to stay if you like, and pay online or by bank transfer. Your places are held while you finish signing up, so nobody can take them from you halfway through. Your account always shows your signups and what you paid.",
      "## Get in touch",
      `Email us at ${ORGANISER_EMAIL_LINK} or call ${ORGANISER.phone}, Monday to Friday from 9 a.m. to 1 p.m. (Italian time).`,
      `${ORGANISER.legalName}, ${address}. VAT number ${ORGANISER.vatNumber}.`,
    ),
  },
  privacy: {
    title: "Privacy policy",
    body: md(
      `This policy explains how ${ORGANISER.legalName} ("we") handles the personal data of people who use this site and sign up for our events, under the EU General Data Protection Regulation (GDPR).`,
      "## Who is responsible",
      `The data controller is ${ORGANISER.legalName}, ${address}, VAT number ${ORGANISER.vatNumber}. For anything about your privacy, write to ${ORGANISER_EMAIL_LINK}.`,
      "## What we collect",
      "- **Account details**: your name, email address and password (stored only as a secure hash).\n- **Participant details**: date of birth, gender where a race needs it, club and membership number.\n- **Medical certificates**: these are health data and get extra protection (see below).\n- **Payment records**: amounts and payment status. Card details go straight to the payment provider; we never see or store them.",
      "## Why we use it",
      "We use your data to handle signups, payments and lodging, and to meet our legal duties (accounting and insurance). The legal basis is the contract you enter into when you sign up; for medical certificates, it is our legal obligation to check fitness to take part. We never use your data for marketing without your explicit consent.",
      "## Medical certificates",
      "You upload a certificate while signing up, as a PDF, JPEG or PNG file. It is kept with your signup, seen only by you and by the staff who check eligibility, and never published.",
      "## How long we keep it",
      "Account data is kept while your account is active. Signup and payment records are kept for ten years, as Italian tax law requires.",
      "## Cookies",
      "This site only uses essential cookies: one for your session and one to remember your language. There are no advertising cookies and no third-party tracking.",
      "## Your rights",
      "You can ask at any time to see, correct or delete your data, to restrict how we use it, or to receive it in a portable format. If you feel your rights have not been respected, you can complain to the Italian data protection authority (Garante per la protezione dei dati personali) or to the authority where you live.",
    ),
  },
  terms: {
    title: "Terms and conditions",
    body: md(
      `These terms apply to signups made on this site for events organised by ${ORGANISER.legalName}. Each event also has its own race rules, published on its page; where the two differ, the event's rules apply.`,
      "## Signing up",
      `A signup is personal and covers the race, session or camp you choose. As soon as you start, your places are **held for a limited time**, usually ${DEFAULT_HOLD_MINUTES} minutes, shown by the countdown; if the signup isn't completed in time, the places are released. Your signup is confirmed when your payment arrives, and we confirm it by email.`,
      "By signing up you confirm that the details you give are true and that every participant meets the event's age, membership and medical requirements. Where an event asks for a medical certificate, you upload it while signing up: without it the signup cannot be completed. If you sign up other people, such as your doubles partner, your relay team or your child, you confirm that you have their consent or that of whoever is responsible for them.",
      "## Prices and payment",
      `Prices are in euros and include VAT where it applies. Many races have **prices that rise as the date approaches**: you pay the price in force on the day you start your signup. You can pay by card on the payment provider's page, or by bank transfer; with a bank transfer your places stay held for the payment term shown in the summary, usually ${DEFAULT_PAYMENT_TERM_DAYS} days, and the signup expires if the transfer has not arrived by then.`,
      "If a card payment arrives after your places were released, your signup is confirmed if places are still free; if not, the payment is refunded in full.",
      "## Cancelling your signup",
      "- A signup you have not paid yet can be given up at any time, from your account.\n- A paid signup can be cancelled from your account until the deadline the event sets; some events take no cancellations once paid.\n- Until the event's refund deadline you get back **everything you paid**, lodging included, to the same payment method, with **no fee**. After it, nothing is refunded.\n- Before you confirm a cancellation, the site tells you what will be refunded.",
      "A signup cannot be passed on to someone else: cancel yours, and the other person signs up.",
      "The EU 14-day right of withdrawal does not apply to leisure services booked for a specific date, such as races and camps.",
      "## If we cancel",
      "If we cancel an event, we tell you by email and refund **the full amount**, lodging included, to the same payment method. If the course or timing changes for safety reasons, your signup stays valid and we'll let you know by email.",
      "## Liability",
      "You take part at your own risk, following the race rules and the instructions of our staff. Every event is covered by third-party liability insurance; personal accident cover comes with your federation membership where one is required.",
    ),
  },
  faq: {
    title: "Frequently asked questions",
    body: md(
      "## How do I sign up?",
      "Log in (or create an account), open the event page, choose the race or session and press **Sign up**. Enter the participants' details, add a place to stay if you like, check the summary and pay. Camps are booked for the whole week, so there's no session to choose.",
      "## Can I sign someone else up?",
      "Yes. For doubles tournaments and relays, one signup covers the whole pair or team; for camps, you sign up your child using a parent's details. Every participant still has to meet the event's requirements.",
      "## Which medical certificate do I need?",
      "It depends on the event, and its page tells you which one:\n\n- **competitive**: for timed, ranked races, issued by a sports medicine doctor for the right sport;\n- **non-competitive**: for recreational events and camps, issued by your GP or paediatrician;\n- **none**: for a few taster activities.",
      "You upload the certificate while signing up (a PDF, JPEG or PNG file) and give its expiry date: the signup cannot go on without it, and the certificate must still be valid on the day of the race.",
      "## How long are my places held?",
      `From the moment you start, usually ${DEFAULT_HOLD_MINUTES} minutes: the countdown at the top of the signup shows the time left. If you choose to pay by bank transfer, your places stay held for the event's payment term, usually ${DEFAULT_PAYMENT_TERM_DAYS} days.`,
      "## How can I pay?",
      "By credit or debit card, on the payment provider's secure page, or by bank transfer; the summary page shows the ways the event accepts. The total is worked out on the summary page and includes every participant and any lodging.",
      "## I closed the page while paying. Have I lost my place?",
      "Your places stay held until the countdown runs out. If the payment went through, you'll still get a confirmation email; if it arrives after the time is up, we confirm your signup if places remain, and refund you in full if not.",
      "## Can I cancel and get a refund?",
      "A signup you haven't paid can be given up at any time. A paid one can be cancelled from your account until the event's deadline: until its refund deadline you get back everything you paid, with no fee, and after it nothing. The site shows the amount before you confirm. The terms and conditions have the details.",
      "## Can I transfer my signup to someone else?",
      "No, a signup can't be passed on. Cancel yours and let the other person sign up.",
      "## How does lodging work?",
      "Some events offer a partner hotel or lodge: while signing up, you choose a room type and the nights you need. Prices are per room, per night, and the description says what's included, such as breakfast. Lodging is part of the signup: it is cancelled and refunded along with it.",
    ),
  },
} as const;
