import { SUNDAY } from "./dates.ts";
import { appointment, type DemoEventBuilder, ITALY, md, text, tiers } from "./model.ts";

/** A road gran fondo with two routes, open. */
export const granfondoCollineDelBarolo: DemoEventBuilder = (c) => {
  const race = c.next(SUNDAY, 55);
  return {
    event: {
      ...ITALY,
      slug: "granfondo-colline-del-barolo",
      sport: "cycling",
      status: "published",
      title: text("Granfondo Colline del Barolo", "Barolo Hills Gran Fondo"),
      summary: text(
        "Due percorsi tra le vigne delle Langhe, da Alba a La Morra, Barolo e Monforte, con strade chiuse al traffico.",
        "Two routes through the Langhe vineyards, from Alba to La Morra, Barolo and Monforte, on closed roads.",
      ),
      description: text(
        md(
          "Vigne a perdita d'occhio, borghi arroccati e salite brevi ma cattive: la Granfondo Colline del Barolo porta il gruppo da Alba al cuore delle **Langhe**, passando per La Morra, Barolo e Monforte.",
          "- **Granfondo 128 km** (2.300 m D+), con la salita di Serralunga e il GPM di Montelupo Albese.\n- **Mediofondo 86 km** (1.350 m D+), che dopo Barolo rientra ad Alba passando da Diano.",
          "Servono il **tesseramento** a una federazione ciclistica o a un ente riconosciuto e il certificato medico agonistico per il ciclismo. Si parte in griglie, le strade sono chiuse al passaggio della corsa e all'arrivo c'è il ristoro con i prodotti del territorio.",
        ),
        md(
          "Vineyards as far as the eye can see, hilltop villages and short, punchy climbs: the Barolo Hills Gran Fondo takes the bunch from Alba into the heart of the **Langhe**, through La Morra, Barolo and Monforte.",
          "- **Gran fondo, 128 km** (2,300 m of climbing), including the climb to Serralunga and the KOM at Montelupo Albese.\n- **Medio fondo, 86 km** (1,350 m of climbing), heading back to Alba via Diano after Barolo.",
          "You need **membership** of a cycling federation or a recognised sports body and a competitive medical certificate for cycling. Riders start in pens, roads are closed as the race passes, and the finish buffet is all local produce.",
        ),
      ),
      startsAt: c.at(race, "07:30"),
      endsAt: c.at(race, "15:30"),
      venueName: "Piazza Michele Ferrero",
      street: "Piazza Michele Ferrero",
      locality: "Alba",
      region: "Piemonte",
      postalCode: "12051",
      latitude: 44.7003,
      longitude: 8.0355,
      coverImage: "/images/demo/granfondo-alba.svg",
      coverAlt: text(
        "Una strada tortuosa tra colline coperte di filari, con un borgo e un campanile in cima",
        "A winding road through hills striped with vineyards, a village and bell tower on the top",
      ),
      signupOpensAt: c.at(-120, "10:00"),
      signupClosesAt: c.at(race - 5, "23:59"),
      signupMode: "appointment",
      minAge: 18,
      maxAge: null,
      ageRule: "event-date",
      medicalCertificate: "competitive",
      federationCardRequired: true,
      participantsPerSignup: 1,
      holdMinutes: 15,
    },
    appointments: [
      appointment({
        slug: "granfondo",
        title: text("Granfondo 128 km", "Gran fondo 128 km"),
        description: text(
          "128 km e 2.300 m D+, tempo massimo 7 ore e 30 minuti. Cancello orario a Monforte d'Alba alle 12:15. Aperta fino ai 75 anni.",
          "128 km with 2,300 m of climbing and a seven-and-a-half-hour limit. Cut-off at Monforte d'Alba at 12:15. Open to riders up to 75.",
        ),
        startsAt: c.at(race, "07:30"),
        endsAt: c.at(race, "15:00"),
        capacity: 1200,
        placesTaken: 611,
        priceTiers: tiers([c.day(14), 4500], [c.day(race - 14), 5500], 6500),
        maxAge: 75,
      }),
      appointment({
        slug: "mediofondo",
        title: text("Mediofondo 86 km", "Medio fondo 86 km"),
        description: text(
          "86 km e 1.350 m D+, tempo massimo 5 ore e mezza. Parte 15 minuti dopo la granfondo, dalla stessa griglia.",
          "86 km with 1,350 m of climbing and a five-and-a-half-hour limit. Starts 15 minutes after the gran fondo, from the same pens.",
        ),
        startsAt: c.at(race, "07:45"),
        endsAt: c.at(race, "13:15"),
        capacity: 800,
        placesTaken: 356,
        priceTiers: tiers([c.day(14), 3500], [c.day(race - 14), 4500], 5000),
      }),
    ],
    stays: [],
  };
};

/** A coastal gran fondo that took place a few weeks ago. */
export const granfondoCostaDeiTrabocchi: DemoEventBuilder = (c) => {
  const race = c.next(SUNDAY, -28);
  return {
    event: {
      ...ITALY,
      slug: "granfondo-costa-dei-trabocchi",
      sport: "cycling",
      status: "published",
      title: text("Granfondo Costa dei Trabocchi", "Trabocchi Coast Gran Fondo"),
      summary: text(
        "112 km tra la costa abruzzese dei trabocchi e le colline dell'entroterra, con la Majella all'orizzonte.",
        "112 km between Abruzzo's coast of fishing platforms and the hills inland, with the Majella on the horizon.",
      ),
      description: text(
        md(
          "Si parte dal lungomare di San Vito Marina, si pedala lungo la costa punteggiata dai **trabocchi**, le antiche macchine da pesca su palafitte, e poi si sale verso Lanciano e i borghi dell'entroterra, con la Majella sempre davanti.",
          "L'edizione si è conclusa con **642 ciclisti al via** e una giornata di sole dall'inizio alla fine. Grazie a tutti, e arrivederci alla prossima edizione.",
        ),
        md(
          "The start is on the seafront at San Vito Marina. The route follows a coast dotted with **trabocchi**, the old fishing platforms on stilts, then climbs towards Lanciano and the hill villages inland, with the Majella always ahead.",
          "This year's ride is over: **642 riders** started, under sunshine from start to finish. Thanks to everyone, and see you next time.",
        ),
      ),
      startsAt: c.at(race, "08:00"),
      endsAt: c.at(race, "14:30"),
      venueName: "Lungomare di San Vito Marina",
      street: "Lungomare Cristoforo Colombo",
      locality: "San Vito Chietino",
      region: "Abruzzo",
      postalCode: "66038",
      latitude: 42.2983,
      longitude: 14.4476,
      coverImage: "/images/demo/granfondo-trabocchi.svg",
      coverAlt: text(
        "Un trabocco di legno sul mare calmo, con la strada costiera e le colline alle spalle",
        "A wooden fishing platform on a calm sea, with the coast road and hills behind",
      ),
      signupOpensAt: c.at(race - 150, "10:00"),
      signupClosesAt: c.at(race - 4, "23:59"),
      signupMode: "appointment",
      minAge: 18,
      maxAge: null,
      ageRule: "event-date",
      medicalCertificate: "competitive",
      federationCardRequired: true,
      participantsPerSignup: 1,
      holdMinutes: 15,
    },
    appointments: [
      appointment({
        slug: "granfondo",
        title: text("Granfondo 112 km", "Gran fondo 112 km"),
        description: text(
          "112 km e 1.700 m D+, tempo massimo 6 ore e mezza.",
          "112 km with 1,700 m of climbing and a six-and-a-half-hour limit.",
        ),
        startsAt: c.at(race, "08:00"),
        endsAt: c.at(race, "14:30"),
        capacity: 700,
        placesTaken: 642,
        priceTiers: tiers([c.day(race - 60), 4000], [c.day(race - 14), 4800], 5500),
      }),
    ],
    stays: [],
  };
};

/** A mountain-bike marathon called off after landslides: cancelled, still listed. */
export const grappaBikeMarathon: DemoEventBuilder = (c) => {
  const race = c.next(SUNDAY, 35);
  return {
    event: {
      ...ITALY,
      slug: "grappa-bike-marathon",
      sport: "mountain-biking",
      status: "cancelled",
      title: text("Grappa Bike Marathon", "Grappa Bike Marathon"),
      summary: text(
        "Edizione annullata: due frane hanno chiuso il percorso sul versante sud del Monte Grappa.",
        "This year's race is cancelled: two landslides have closed the course on the south face of Monte Grappa.",
      ),
      description: text(
        md(
          "**L'edizione di quest'anno è annullata.** Due frane hanno chiuso i sentieri del versante sud e le autorità non hanno autorizzato un percorso alternativo in sicurezza. Tutte le quote sono state **rimborsate** sul metodo di pagamento usato per l'iscrizione.",
          "La Grappa Bike Marathon sale dalla pedemontana tra castagneti e mulattiere militari fino alle praterie di cima, con due percorsi: **Marathon 68 km** (2.400 m D+) e **Classic 38 km** (1.300 m D+).",
          "Ci vediamo alla prossima edizione: le nuove date saranno pubblicate qui.",
        ),
        md(
          "**This year's race is cancelled.** Two landslides have closed the trails on the south face, and the authorities could not approve a safe alternative route. Every entry fee has been **refunded** to the payment method used to sign up.",
          "The Grappa Bike Marathon climbs from the foothills through chestnut woods and old military mule tracks to the summit grasslands, on two routes: **Marathon 68 km** (2,400 m of climbing) and **Classic 38 km** (1,300 m of climbing).",
          "We'll see you next time: the new dates will be published here.",
        ),
      ),
      startsAt: c.at(race, "08:30"),
      endsAt: c.at(race, "16:00"),
      venueName: "Parco Ragazzi del '99",
      street: "Via Giovanni XXIII",
      locality: "Romano d'Ezzelino",
      region: "Veneto",
      postalCode: "36060",
      latitude: 45.7883,
      longitude: 11.77,
      coverImage: "/images/demo/mtb-grappa.svg",
      coverAlt: text(
        "Un sentiero sterrato che serpeggia tra boschi di castagni verso una montagna erbosa",
        "A dirt singletrack winding through chestnut woods towards a grassy mountain",
      ),
      signupOpensAt: c.at(-80, "10:00"),
      signupClosesAt: c.at(race - 5, "23:59"),
      signupMode: "appointment",
      minAge: 18,
      maxAge: null,
      ageRule: "event-date",
      medicalCertificate: "competitive",
      federationCardRequired: true,
      participantsPerSignup: 1,
      holdMinutes: 15,
    },
    appointments: [
      appointment({
        slug: "marathon",
        title: text("Marathon 68 km", "Marathon 68 km"),
        description: text(
          "68 km e 2.400 m D+ fino alla cima del Grappa, tempo massimo 8 ore.",
          "68 km with 2,400 m of climbing to the top of Monte Grappa, 8-hour limit.",
        ),
        startsAt: c.at(race, "08:30"),
        endsAt: c.at(race, "16:00"),
        capacity: 500,
        placesTaken: 0,
        priceTiers: tiers([c.day(-20), 4000], 5000),
      }),
      appointment({
        slug: "classic",
        title: text("Classic 38 km", "Classic 38 km"),
        description: text(
          "38 km e 1.300 m D+ nei boschi della pedemontana, tempo massimo 5 ore.",
          "38 km with 1,300 m of climbing through the foothill woods, 5-hour limit.",
        ),
        startsAt: c.at(race, "09:00"),
        endsAt: c.at(race, "14:00"),
        capacity: 400,
        placesTaken: 0,
        priceTiers: tiers([c.day(-20), 3000], 3800),
      }),
    ],
    stays: [],
  };
};
