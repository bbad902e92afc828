import { MONDAY } from "./dates.ts";
import { appointment, type DemoEventBuilder, ITALY, md, roomType, text, tiers } from "./model.ts";

/**
 * A youth summer camp that takes signups for the whole week (no appointments to pick), through the
 * one implicit appointment that "event" signup mode requires, with a lodge to sleep in.
 */
export const campMultisportMolveno: DemoEventBuilder = (c) => {
  const monday = c.next(MONDAY, 85);
  return {
    event: {
      ...ITALY,
      slug: "camp-multisport-molveno",
      sport: "multisport-camp",
      status: "published",
      title: text("Camp Multisport del Lago di Molveno", "Lake Molveno Multisport Camp"),
      summary: text(
        "Una settimana di canoa, vela, arrampicata e orienteering ai piedi delle Dolomiti di Brenta, per ragazzi dagli 8 ai 14 anni.",
        "A week of canoeing, sailing, climbing and orienteering below the Brenta Dolomites, for kids aged 8 to 14.",
      ),
      description: text(
        md(
          "Una settimana all'aria aperta sulle rive del **Lago di Molveno**, ai piedi delle Dolomiti di Brenta, per ragazze e ragazzi dagli 8 ai 14 anni (conta l'anno di nascita). Ogni giorno tre sport diversi con allenatori qualificati, a gruppi di età.",
          "- **Al mattino**: canoa, vela e nuoto al lido, sempre con istruttori in acqua.\n- **Al pomeriggio**: arrampicata su parete, orienteering, mountain bike e giochi di squadra.\n- **Venerdì**: escursione al rifugio; il sabato festa finale con le famiglie.",
          "Il camp comprende pranzo, merenda, maglietta e assicurazione. Chi arriva da lontano può dormire alla **Casa Alpina del Camp**, con gli educatori presenti anche di notte: le notti si prenotano insieme all'iscrizione. Serve il certificato medico non agonistico.",
        ),
        md(
          "A week outdoors on the shores of **Lake Molveno**, below the Brenta Dolomites, for girls and boys aged 8 to 14 (by year of birth). Every day brings three different sports with qualified coaches, in age groups.",
          "- **Mornings**: canoeing, sailing and swimming at the lido, always with instructors in the water.\n- **Afternoons**: wall climbing, orienteering, mountain biking and team games.\n- **Friday**: a hike up to a mountain hut, followed by a closing party with families on Saturday.",
          "The camp includes lunch, an afternoon snack, a T-shirt and insurance. Families from further afield can stay at the **Camp Lodge**, where our youth workers are on hand overnight too; book the nights together with the signup. A non-competitive medical certificate is required.",
        ),
      ),
      startsAt: c.at(monday, "09:00"),
      endsAt: c.at(monday + 5, "16:00"),
      venueName: "Lido di Molveno",
      street: "Via Lungolago",
      locality: "Molveno",
      region: "Trentino-Alto Adige",
      postalCode: "38018",
      latitude: 46.1399,
      longitude: 10.9627,
      coverImage: "/images/demo/camp-molveno.svg",
      coverAlt: text(
        "Tende e una canoa sulla riva di un lago alpino, con un falò e le montagne sullo sfondo",
        "Tents and a canoe on the shore of an alpine lake, with a campfire and mountains behind",
      ),
      signupOpensAt: c.at(-30, "09:00"),
      signupClosesAt: c.at(monday - 10, "23:59"),
      signupMode: "event",
      minAge: 8,
      maxAge: 14,
      ageRule: "birth-year",
      medicalCertificate: "non-competitive",
      federationCardRequired: false,
      participantsPerSignup: 1,
      holdMinutes: 15,
    },
    appointments: [
      appointment({
        slug: "iscrizione",
        title: text("Iscrizione al camp", "Camp signup"),
        description: text(
          "Tutta la settimana, dal lunedì alle 9:00 al sabato alle 16:00.",
          "The whole week, from Monday at 9 a.m. to Saturday at 4 p.m.",
        ),
        startsAt: c.at(monday, "09:00"),
        endsAt: c.at(monday + 5, "16:00"),
        capacity: 80,
        placesTaken: 47,
        priceTiers: tiers([c.day(20), 24000], 28000),
        implicit: true,
      }),
    ],
    stays: [
      {
        slug: "casa-alpina-del-camp",
        name: text("Casa Alpina del Camp", "Camp Lodge"),
        description: text(
          "Casa per ferie a 200 metri dal lido, con camerate da sei letti per i ragazzi, seguite dagli educatori, e alcune camere per le famiglie. Cena, pernottamento e colazione inclusi.",
          "A holiday house 200 metres from the lido, with six-bed dorms for the kids, supervised by our youth workers, and a few rooms for families. Dinner, bed and breakfast included.",
        ),
        address: "Via Nazionale 7, 38018 Molveno TN",
        firstNight: c.day(monday - 1),
        lastNight: c.day(monday + 4),
        roomTypes: [
          roomType(text("Posto letto in camerata (6 letti)", "Bed in a six-bed dorm"), 1, 3900, 48),
          roomType(text("Camera famiglia (fino a 4 persone)", "Family room (up to 4 people)"), 4, 12000, 6),
        ],
      },
    ],
  };
};
