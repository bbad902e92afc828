import { SATURDAY, SUNDAY } from "./dates.ts";
import { appointment, type DemoEventBuilder, ITALY, md, roomType, text, tiers } from "./model.ts";

/** A three-distance mountain race in the Dolomites, open, with a partner hotel. */
export const cortinaCrodeTrail: DemoEventBuilder = (c) => {
  const race = c.next(SATURDAY, 70);
  return {
    event: {
      ...ITALY,
      slug: "cortina-crode-trail",
      sport: "trail-running",
      status: "published",
      title: text("Cortina Crode Trail", "Cortina Crode Trail", "Cortina Crode Trail"),
      summary: text(
        "Tre percorsi tra le crode d'Ampezzo, dall'anello nei boschi di Pocol all'ultra di 72 km attorno alle Cinque Torri.",
        "Three routes through the Ampezzo Dolomites, from a woodland loop at Pocol to a 72 km ultra around the Cinque Torri.",
        "Drei Strecken durch die Ampezzaner Dolomiten – von der Waldrunde bei Pocol bis zum 72-km-Ultra rund um die Cinque Torri.",
      ),
      description: text(
        md(
          "Partenza e arrivo in **Corso Italia**, nel cuore di Cortina. In mezzo ci sono ghiaioni, boschi di larici e forcelle che hanno fatto la storia dell'alpinismo dolomitico. Tre distanze per tre modi di vivere la montagna, tutte segnalate e presidiate dai volontari del soccorso alpino.",
          "- **Ultra 72 km** (4.600 m D+): il giro completo, dalle Cinque Torri al Passo Giau e ritorno per la Val Travenanzes.\n- **Trail 32 km** (1.900 m D+): il cuore del percorso, con il passaggio al Rifugio Averau.\n- **Crode 12 km** (550 m D+): un anello veloce nei boschi di Pocol, ideale per il primo trail.",
          "Per tutte le distanze serve il **certificato medico agonistico**; per ultra e 32 km anche il materiale obbligatorio indicato nel regolamento (giacca impermeabile, telo termico, almeno un litro d'acqua). Il pacco gara si ritira il venerdì pomeriggio in Piazza Dibona.",
        ),
        md(
          "Start and finish are on **Corso Italia**, right in the heart of Cortina. In between lie scree slopes, larch forests and the passes where Dolomite climbing history was written. Three distances, three ways to take on the mountains, all waymarked and staffed by volunteers from the local mountain rescue team.",
          "- **Ultra 72 km** (4,600 m of climbing): the full loop, from the Cinque Torri to Passo Giau and back through Val Travenanzes.\n- **Trail 32 km** (1,900 m of climbing): the heart of the course, passing Rifugio Averau.\n- **Crode 12 km** (550 m of climbing): a fast loop through the Pocol woods, perfect for your first trail race.",
          "Every distance requires a **competitive sports medical certificate**; the ultra and the 32 km also require the mandatory kit listed in the race rules (waterproof jacket, emergency blanket, at least one litre of water). Race packs are handed out on Friday afternoon in Piazza Dibona.",
        ),
        md(
          "Start und Ziel liegen am **Corso Italia** mitten in Cortina. Dazwischen warten Geröllfelder, Lärchenwälder und Scharten, an denen Dolomiten-Alpingeschichte geschrieben wurde. Drei Distanzen, alle markiert und von der örtlichen Bergrettung betreut.",
          "- **Ultra 72 km** (4.600 Hm): die große Runde von den Cinque Torri zum Passo Giau und zurück durchs Val Travenanzes.\n- **Trail 32 km** (1.900 Hm): das Herzstück der Strecke, vorbei am Rifugio Averau.\n- **Crode 12 km** (550 Hm): eine schnelle Runde durch die Wälder von Pocol – ideal für den ersten Traillauf.",
          "Für alle Distanzen ist ein **sportärztliches Attest für Wettkampfsport** nötig, für Ultra und 32 km außerdem die Pflichtausrüstung laut Reglement. Die Startunterlagen gibt es am Freitagnachmittag auf der Piazza Dibona.",
        ),
      ),
      startsAt: c.at(race, "05:00"),
      endsAt: c.at(race, "21:00"),
      venueName: "Piazza Angelo Dibona",
      street: "Corso Italia",
      locality: "Cortina d'Ampezzo",
      region: "Veneto",
      postalCode: "32043",
      latitude: 46.5369,
      longitude: 12.1357,
      coverImage: "/images/demo/trail-cortina.svg",
      coverAlt: text(
        "Un sentiero sale tra i prati verso le pareti dolomitiche all'alba",
        "A trail climbing through alpine meadows towards Dolomite walls at sunrise",
        "Ein Pfad führt bei Sonnenaufgang über Almwiesen zu den Dolomitenwänden",
      ),
      signupOpensAt: c.at(-90, "12:00"),
      signupClosesAt: c.at(race - 4, "23:59"),
      signupMode: "appointment",
      minAge: 16,
      maxAge: null,
      ageRule: "event-date",
      medicalCertificate: "competitive",
      federationCardRequired: false,
      participantsPerSignup: 1,
      holdMinutes: 20,
      cancellationDaysBefore: 30,
      refundDaysBefore: 30,
      tshirtSizes: ["XS", "S", "M", "L", "XL"],
    },
    appointments: [
      appointment({
        slug: "ultra-72k",
        title: text("Ultra 72 km", "Ultra 72 km"),
        description: text(
          "Il giro completo: 72 km e 4.600 m di dislivello positivo, tempo massimo 16 ore. Cancello orario al Passo Giau alle 12:30. Le iscrizioni chiudono tre settimane prima, per la verifica dei punti ITRA.",
          "The full loop: 72 km with 4,600 m of climbing and a 16-hour time limit. Cut-off at Passo Giau at 12:30. Entries close three weeks early so we can check ITRA points.",
        ),
        startsAt: c.at(race, "05:00"),
        endsAt: c.at(race, "21:00"),
        capacity: 400,
        placesTaken: 231,
        priceTiers: tiers([c.day(10), 8500], [c.day(race - 35), 9500], 11000),
        signupDeadline: c.at(race - 21, "23:59"),
        minAge: 20,
      }),
      appointment({
        slug: "trail-32k",
        title: text("Trail 32 km", "Trail 32 km"),
        description: text(
          "32 km e 1.900 m D+, tempo massimo 9 ore. Ristori al Rifugio Averau, a Pocol e all'arrivo.",
          "32 km with 1,900 m of climbing and a 9-hour limit. Aid stations at Rifugio Averau, at Pocol and at the finish.",
        ),
        startsAt: c.at(race, "08:00"),
        endsAt: c.at(race, "17:00"),
        capacity: 700,
        placesTaken: 388,
        priceTiers: tiers([c.day(10), 4500], [c.day(race - 35), 5500], 6500),
        minAge: 18,
      }),
      appointment({
        slug: "crode-12k",
        title: text("Crode 12 km", "Crode 12 km"),
        description: text(
          "Anello di 12 km nei boschi di Pocol con 550 m D+. Aperto dai 16 anni, con un ristoro a metà percorso.",
          "A 12 km loop through the Pocol woods with 550 m of climbing. Open to runners aged 16 and over, with one aid station halfway.",
        ),
        startsAt: c.at(race, "10:00"),
        endsAt: c.at(race, "14:00"),
        capacity: 500,
        placesTaken: 142,
        priceTiers: tiers([c.day(10), 2500], [c.day(race - 35), 3000], 3500),
      }),
    ],
    stays: [
      {
        slug: "hotel-larice-bianco",
        name: text("Hotel Larice Bianco", "Hotel Larice Bianco"),
        description: text(
          "Albergo a conduzione familiare a cinque minuti a piedi dalla partenza. Il giorno della gara la colazione è servita dalle 4:00; ci sono deposito bastoncini e asciugascarponi.",
          "A family-run hotel five minutes' walk from the start. On race day breakfast is served from 4 a.m., and there is a pole store and boot dryers.",
        ),
        address: "Via del Castello 12, 32043 Cortina d'Ampezzo BL",
        firstNight: c.day(race - 1),
        lastNight: c.day(race),
        roomTypes: [
          roomType(text("Camera singola", "Single room"), 1, 9800, 6),
          roomType(text("Camera doppia", "Double room"), 2, 14800, 18),
          roomType(text("Camera familiare (4 posti)", "Family room (sleeps 4)"), 4, 23000, 5),
        ],
      },
    ],
  };
};

/** A coastal trail race that ended a few weeks ago. */
export const trailDelleDueSorelle: DemoEventBuilder = (c) => {
  const race = c.next(SUNDAY, -45);
  return {
    event: {
      ...ITALY,
      slug: "trail-delle-due-sorelle",
      sport: "trail-running",
      status: "published",
      title: text("Trail delle Due Sorelle", "Due Sorelle Trail"),
      summary: text(
        "Sentieri a picco sull'Adriatico nel Parco del Conero, con arrivo nella piazza di Sirolo.",
        "Cliff-top paths above the Adriatic in the Conero park, finishing on Sirolo's main square.",
      ),
      description: text(
        md(
          "Macchia mediterranea, falesie bianche e il mare sempre sotto i piedi: il Trail delle Due Sorelle attraversa il **Parco Regionale del Conero** lungo i sentieri che da Sirolo salgono fin quasi alla cima del monte.",
          "- **Trail 25 km** (1.200 m D+), con il passaggio al Belvedere Nord.\n- **Corta 10 km** (400 m D+), adatta anche a chi arriva dalla corsa su strada.",
          "L'edizione di quest'anno si è conclusa: **grazie** ai quasi 850 partecipanti e ai volontari che hanno presidiato il percorso. Le date della prossima edizione saranno pubblicate su questo sito.",
        ),
        md(
          "Mediterranean scrub, white cliffs and the sea always at your feet: the Due Sorelle Trail crosses the **Conero Regional Park** on the paths that climb from Sirolo almost to the top of the mountain.",
          "- **Trail 25 km** (1,200 m of climbing), passing the Belvedere Nord viewpoint.\n- **Short 10 km** (400 m of climbing), a good first step for road runners.",
          "This year's race is over: **thank you** to nearly 850 runners and to the volunteers who looked after the course. Next year's dates will be published here.",
        ),
      ),
      startsAt: c.at(race, "08:30"),
      endsAt: c.at(race, "15:30"),
      venueName: "Piazza Vittorio Veneto",
      street: "Piazza Vittorio Veneto",
      locality: "Sirolo",
      region: "Marche",
      postalCode: "60020",
      latitude: 43.5236,
      longitude: 13.6163,
      coverImage: "/images/demo/trail-conero.svg",
      coverAlt: text(
        "Falesie bianche e due faraglioni sul mare azzurro, con un sentiero sul crinale",
        "White cliffs and two sea stacks in a blue sea, with a path along the ridge",
      ),
      signupOpensAt: c.at(race - 120, "12:00"),
      signupClosesAt: c.at(race - 3, "23:59"),
      signupMode: "appointment",
      minAge: 18,
      maxAge: null,
      ageRule: "event-date",
      medicalCertificate: "competitive",
      federationCardRequired: false,
      participantsPerSignup: 1,
      holdMinutes: 15,
    },
    appointments: [
      appointment({
        slug: "trail-25k",
        title: text("Trail 25 km", "Trail 25 km"),
        description: text(
          "25 km e 1.200 m D+ sui sentieri del Conero, tempo massimo 7 ore.",
          "25 km with 1,200 m of climbing on the Conero paths, 7-hour limit.",
        ),
        startsAt: c.at(race, "08:30"),
        endsAt: c.at(race, "15:30"),
        capacity: 600,
        placesTaken: 547,
        priceTiers: tiers([c.day(race - 60), 3000], 3800),
      }),
      appointment({
        slug: "corta-10k",
        title: text("Corta 10 km", "Short 10 km"),
        description: text(
          "10 km e 400 m D+: il lato più dolce del parco, tra uliveti e macchia.",
          "10 km with 400 m of climbing: the gentler side of the park, through olive groves and scrub.",
        ),
        startsAt: c.at(race, "09:30"),
        endsAt: c.at(race, "12:30"),
        capacity: 350,
        placesTaken: 300,
        priceTiers: tiers([c.day(race - 60), 1800], 2200),
      }),
    ],
    stays: [],
  };
};
