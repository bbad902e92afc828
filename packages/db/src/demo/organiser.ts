/** The fictional organiser the demo pages speak for; one place to rename it. */
export const ORGANISER = {
  name: "Vetta Eventi",
  legalName: "Vetta Eventi Sportivi S.r.l.",
  email: "ciao@vetta-eventi.example",
  privacyEmail: "privacy@vetta-eventi.example",
  phone: "+39 0461 000 000",
  addressIt: "Via Brennero 42, 38121 Trento",
  addressEn: "Via Brennero 42, 38121 Trento, Italy",
} as const;
