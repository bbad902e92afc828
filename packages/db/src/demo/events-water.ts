import { SATURDAY, SUNDAY } from "./dates.ts";
import { appointment, type DemoEventBuilder, ITALY, md, text, tiers } from "./model.ts";

/** An open-water swim whose every place is taken. */
export const traversataIsolaDiSanGiulio: DemoEventBuilder = (c) => {
  const race = c.next(SUNDAY, 24);
  return {
    event: {
      ...ITALY,
      slug: "traversata-isola-di-san-giulio",
      sport: "swimming",
      status: "published",
      title: text("Traversata dell'Isola di San Giulio", "San Giulio Island Swim"),
      summary: text(
        "Nuoto in acque libere sul Lago d'Orta, attorno all'isola di San Giulio: 2,4 km o un giro da 1 km.",
        "Open-water swimming on Lake Orta around San Giulio island: 2.4 km, or a 1 km lap of the island.",
      ),
      description: text(
        md(
          "Si nuota nelle acque calme del **Lago d'Orta**, con l'isola di San Giulio e il suo monastero sempre in vista. Il percorso è segnato da boe gialle e seguito da canoe e gommoni di assistenza.",
          "- **Traversata 2,4 km**: dal Lido di Orta verso Pella e ritorno, girando attorno all'isola.\n- **Giro dell'isola 1 km**: un anello attorno a San Giulio, aperto dai 12 anni.",
          "I posti sono limitati per garantire la sicurezza in acqua e **non ci sono iscrizioni sul posto**. La muta è consigliata e diventa obbligatoria sotto i 20 °C; cuffia e chip sono nel pacco gara.",
        ),
        md(
          "You swim in the calm water of **Lake Orta**, with San Giulio island and its monastery always in sight. The course is marked with yellow buoys and followed by safety kayaks and boats.",
          "- **Crossing, 2.4 km**: from the Orta lido towards Pella and back, rounding the island.\n- **Island lap, 1 km**: one loop around San Giulio, open to swimmers aged 12 and over.",
          "Places are limited to keep everyone safe in the water, and **there are no entries on the day**. A wetsuit is recommended, and compulsory below 20 °C; your cap and timing chip are in the race pack.",
        ),
      ),
      startsAt: c.at(race, "10:00"),
      endsAt: c.at(race, "13:00"),
      venueName: "Lido di Orta",
      street: "Via Domodossola",
      locality: "Orta San Giulio",
      region: "Piemonte",
      postalCode: "28016",
      latitude: 45.7973,
      longitude: 8.4063,
      coverImage: "/images/demo/traversata-orta.svg",
      coverAlt: text(
        "Un lago calmo tra colline boscose, con boe gialle e un'isola con un campanile",
        "A calm lake between wooded hills, with yellow buoys and an island with a bell tower",
      ),
      signupOpensAt: c.at(-50, "09:00"),
      signupClosesAt: c.at(race - 2, "23:59"),
      signupMode: "appointment",
      minAge: 12,
      maxAge: null,
      ageRule: "event-date",
      medicalCertificate: "non-competitive",
      federationCardRequired: false,
      participantsPerSignup: 1,
      holdMinutes: 15,
    },
    appointments: [
      appointment({
        slug: "traversata-2400m",
        title: text("Traversata 2,4 km", "Crossing 2.4 km"),
        description: text(
          "2,4 km attorno all'isola, tempo massimo 1 ora e 30 minuti. Dai 16 anni.",
          "2.4 km around the island with a 90-minute limit. Aged 16 and over.",
        ),
        startsAt: c.at(race, "10:00"),
        endsAt: c.at(race, "11:30"),
        capacity: 300,
        placesTaken: 300,
        priceTiers: tiers([c.day(-20), 3500], 4000),
        minAge: 16,
      }),
      appointment({
        slug: "giro-isola-1000m",
        title: text("Giro dell'isola 1 km", "Island lap 1 km"),
        description: text(
          "Un giro completo dell'isola, tempo massimo 45 minuti. Partenza a onde per età.",
          "One full lap of the island with a 45-minute limit. Wave starts by age group.",
        ),
        startsAt: c.at(race, "12:00"),
        endsAt: c.at(race, "13:00"),
        capacity: 150,
        placesTaken: 150,
        priceTiers: tiers([c.day(-20), 2000], 2500),
      }),
    ],
    stays: [],
  };
};

/** A sprint and an Olympic-distance triathlon on the Adriatic coast, open. */
export const triathlonLignanoSabbiadoro: DemoEventBuilder = (c) => {
  const race = c.next(SATURDAY, 48);
  return {
    event: {
      ...ITALY,
      slug: "triathlon-lignano-sabbiadoro",
      sport: "triathlon",
      status: "published",
      title: text("Triathlon di Lignano Sabbiadoro", "Lignano Sabbiadoro Triathlon"),
      summary: text(
        "Sprint e olimpico in riva all'Adriatico: nuoto in mare, bici sulla litoranea chiusa al traffico, corsa sul lungomare.",
        "Sprint and Olympic distances by the Adriatic: a sea swim, a closed coast road for the bike and a seafront run.",
      ),
      description: text(
        md(
          "Nuoto nel mare di **Lignano**, bici sulla litoranea chiusa al traffico e corsa sul lungomare fino alla Terrazza a Mare: un triathlon piatto e veloce, perfetto per fare il personale o per il debutto.",
          "- **Sprint**: 750 m di nuoto, 20 km in bici, 5 km di corsa.\n- **Olimpico**: 1.500 m, 40 km e 10 km, dai 18 anni. In bici la scia è vietata.",
          "Servono il **tesseramento FITri** (anche giornaliero, da attivare al ritiro del pettorale) e il certificato medico agonistico per il triathlon. La zona cambio apre due ore prima della partenza e chiude 20 minuti prima del via.",
        ),
        md(
          "Swim in the sea at **Lignano**, ride the coast road closed to traffic, then run along the seafront to the Terrazza a Mare: a flat, fast triathlon, ideal for a personal best or a first race.",
          "- **Sprint**: 750 m swim, 20 km bike, 5 km run.\n- **Olympic**: 1,500 m, 40 km and 10 km, for athletes aged 18 and over. Drafting is not allowed on the bike.",
          "You need **Italian Triathlon Federation (FITri) membership** (a one-day licence can be activated at bib pick-up) and a competitive medical certificate for triathlon. Transition opens two hours before the start and closes 20 minutes before the gun.",
        ),
      ),
      startsAt: c.at(race, "09:00"),
      endsAt: c.at(race, "16:30"),
      venueName: "Terrazza a Mare",
      street: "Lungomare Trieste",
      locality: "Lignano Sabbiadoro",
      region: "Friuli-Venezia Giulia",
      postalCode: "33054",
      latitude: 45.6789,
      longitude: 13.1405,
      coverImage: "/images/demo/triathlon-lignano.svg",
      coverAlt: text(
        "Zona cambio con biciclette allineate sulla rastrelliera, spiaggia e mare sullo sfondo",
        "A transition area with bikes lined up on racks, the beach and sea behind",
      ),
      signupOpensAt: c.at(-110, "10:00"),
      signupClosesAt: c.at(race - 6, "23:59"),
      signupMode: "appointment",
      minAge: 16,
      maxAge: null,
      ageRule: "event-date",
      medicalCertificate: "competitive",
      federationCardRequired: true,
      participantsPerSignup: 1,
      holdMinutes: 15,
    },
    appointments: [
      appointment({
        slug: "sprint",
        title: text("Triathlon sprint", "Sprint triathlon"),
        description: text(
          "750 m di nuoto, 20 km in bici su due giri, 5 km di corsa. Tempo massimo 2 ore.",
          "750 m swim, 20 km bike over two laps, 5 km run. 2-hour limit.",
        ),
        startsAt: c.at(race, "09:00"),
        endsAt: c.at(race, "11:00"),
        capacity: 500,
        placesTaken: 203,
        priceTiers: tiers([c.day(12), 6000], [c.day(race - 14), 7000], 8000),
      }),
      appointment({
        slug: "olimpico",
        title: text("Triathlon olimpico", "Olympic triathlon"),
        description: text(
          "1.500 m di nuoto, 40 km in bici su quattro giri, 10 km di corsa. Tempo massimo 3 ore e 30 minuti.",
          "1,500 m swim, 40 km bike over four laps, 10 km run. Three-and-a-half-hour limit.",
        ),
        startsAt: c.at(race, "13:00"),
        endsAt: c.at(race, "16:30"),
        capacity: 600,
        placesTaken: 287,
        priceTiers: tiers([c.day(12), 9000], [c.day(race - 14), 10500], 12000),
        minAge: 18,
      }),
    ],
    stays: [],
  };
};
