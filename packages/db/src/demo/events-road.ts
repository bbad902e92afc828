import { SATURDAY, SUNDAY } from "./dates.ts";
import { appointment, type DemoEventBuilder, ITALY, md, text, tiers } from "./model.ts";

/** A city half marathon with a 10 km race alongside, open. */
export const mezzaMaratonaDelleMura: DemoEventBuilder = (c) => {
  const race = c.next(SUNDAY, 40);
  return {
    event: {
      ...ITALY,
      slug: "mezza-maratona-delle-mura",
      sport: "road-running",
      status: "published",
      title: text("Mezza Maratona delle Mura", "Bergamo Walls Half Marathon"),
      summary: text(
        "Mezza maratona e 10 km tra la Città Bassa e le Mura veneziane di Bergamo, patrimonio UNESCO.",
        "A half marathon and a 10 km race from Bergamo's lower town up to its UNESCO-listed Venetian walls.",
      ),
      description: text(
        md(
          "Il percorso parte veloce sui viali della **Città Bassa**, poi al 14° chilometro sale verso le **Mura veneziane** e scende per il Viale delle Mura con la pianura ai piedi. Una sola salita vera, ma da ricordare.",
          "- **Mezza maratona 21,097 km**, omologata FIDAL, con pacer ogni 5 minuti da 1h25' a 2h20'.\n- **10 km competitiva**, un giro unico della Città Bassa, aperta dai 16 anni.",
          "Per entrambe le gare servono il **tesseramento** FIDAL, a un ente di promozione sportiva convenzionato o la Runcard, e il certificato medico agonistico per l'atletica leggera. Lungo il percorso trovi quattro ristori e due spugnaggi.",
        ),
        md(
          "The course starts fast on the avenues of the **lower town**, then at kilometre 14 climbs towards the **Venetian walls** and runs down Viale delle Mura with the plain spread out below. Just one real climb, but a memorable one.",
          "- **Half marathon, 21.097 km**, FIDAL-certified, with pacers every 5 minutes from 1:25 to 2:20.\n- **Timed 10 km**, a single loop of the lower town, open to runners aged 16 and over.",
          "Both races require **membership** of FIDAL or an affiliated sports body, or a Runcard, plus a competitive medical certificate for athletics. There are four drinks stations and two sponge points on the course.",
        ),
      ),
      startsAt: c.at(race, "09:00"),
      endsAt: c.at(race, "12:00"),
      venueName: "Sentierone",
      street: "Piazza Matteotti",
      locality: "Bergamo",
      region: "Lombardia",
      postalCode: "24122",
      latitude: 45.695,
      longitude: 9.6698,
      coverImage: "/images/demo/mezza-bergamo.svg",
      coverAlt: text(
        "Runner su un viale alberato con la città alta e i suoi campanili sullo sfondo",
        "Runners on a tree-lined avenue with the hilltop old town and its bell towers behind",
      ),
      signupOpensAt: c.at(-100, "10:00"),
      signupClosesAt: c.at(race - 3, "23:59"),
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
        slug: "mezza-maratona",
        title: text("Mezza maratona", "Half marathon"),
        description: text(
          "21,097 km, tempo massimo 3 ore. Le griglie di partenza sono assegnate in base al tempo dichiarato.",
          "21.097 km with a 3-hour limit. Start pens are assigned by your declared finish time.",
        ),
        startsAt: c.at(race, "09:00"),
        endsAt: c.at(race, "12:00"),
        capacity: 2000,
        placesTaken: 1264,
        priceTiers: tiers([c.day(5), 2500], [c.day(race - 10), 3200], 3800),
        minAge: 18,
      }),
      appointment({
        slug: "10k",
        title: text("10 km", "10 km"),
        description: text(
          "10 km competitiva, tempo massimo 1 ora e 30 minuti. Si parte 15 minuti dopo la mezza.",
          "A timed 10 km with a 90-minute limit, starting 15 minutes after the half.",
        ),
        startsAt: c.at(race, "09:15"),
        endsAt: c.at(race, "10:45"),
        capacity: 1200,
        placesTaken: 517,
        priceTiers: tiers([c.day(5), 1500], [c.day(race - 10), 2000], 2500),
      }),
    ],
    stays: [],
  };
};

/** A team relay around the city walls: signups are teams of four. */
export const staffettaDelleMuraDiLucca: DemoEventBuilder = (c) => {
  const race = c.next(SATURDAY, 28);
  return {
    event: {
      ...ITALY,
      slug: "staffetta-mura-di-lucca",
      sport: "road-running",
      status: "published",
      title: text("Staffetta delle Mura di Lucca", "Lucca Walls Relay"),
      summary: text(
        "Quattro frazioni, un giro delle Mura a testa: la staffetta al tramonto per squadre di amici e famiglie.",
        "Four legs, one lap of the walls each: a sunset relay for teams of friends and families.",
      ),
      description: text(
        md(
          "Quattro frazioni da **4,2 km**, ognuna un giro completo delle Mura, sotto i platani e con il sole che cala sui tetti. Il cambio è al Baluardo San Regolo, dove il testimone passa di mano tra il tifo delle altre squadre.",
          "- **Staffetta open**: squadre da quattro, dai 16 anni in su, maschili, femminili o miste.\n- **Staffetta famiglie**: almeno un adulto e fino a tre ragazzi dagli 8 anni. Niente classifica, ma una medaglia per tutti.",
          "È una manifestazione **ludico-motoria**: basta il certificato medico non agonistico. Ogni iscrizione è una squadra: indica i quattro componenti e l'ordine delle frazioni. All'arrivo, pasta party sugli spalti del baluardo.",
        ),
        md(
          "Four legs of **4.2 km**, each one a full lap of the walls, under the plane trees as the sun sets over the rooftops. Changeovers happen at the San Regolo bastion, where the baton changes hands to cheers from the other teams.",
          "- **Open relay**: teams of four, aged 16 and over; men's, women's or mixed.\n- **Family relay**: at least one adult and up to three children aged 8 and up. No rankings, just a medal for everyone.",
          "This is a **recreational** event, so a non-competitive medical certificate is all you need. Each signup is one team: list the four runners and the order of the legs. After the finish there's a pasta party up on the bastion.",
        ),
      ),
      startsAt: c.at(race, "17:30"),
      endsAt: c.at(race, "21:00"),
      venueName: "Baluardo San Regolo",
      street: null,
      locality: "Lucca",
      region: "Toscana",
      postalCode: "55100",
      latitude: 43.8405,
      longitude: 10.5078,
      coverImage: "/images/demo/staffetta-lucca.svg",
      coverAlt: text(
        "Il viale alberato in cima alle mura di Lucca al tramonto, con torri e tetti sullo sfondo",
        "The tree-lined path on top of Lucca's walls at sunset, with towers and rooftops behind",
      ),
      signupOpensAt: c.at(-45, "09:00"),
      signupClosesAt: c.at(race - 2, "20:00"),
      signupMode: "appointment",
      minAge: 8,
      maxAge: null,
      ageRule: "event-date",
      medicalCertificate: "non-competitive",
      federationCardRequired: false,
      participantsPerSignup: 4,
      holdMinutes: 15,
    },
    appointments: [
      appointment({
        slug: "famiglie",
        title: text("Staffetta famiglie", "Family relay"),
        description: text(
          "Un adulto e fino a tre ragazzi dagli 8 anni; si parte prima della gara open, con la luce del pomeriggio.",
          "One adult and up to three children aged 8 and up, running in the afternoon light before the open race.",
        ),
        startsAt: c.at(race, "17:30"),
        endsAt: c.at(race, "18:45"),
        capacity: 160,
        placesTaken: 96,
        priceTiers: tiers([c.day(7), 2800], 3200),
      }),
      appointment({
        slug: "open",
        title: text("Staffetta open", "Open relay"),
        description: text(
          "Squadre da quattro, dai 16 anni. Classifiche maschile, femminile e mista, premi alle prime tre di ognuna.",
          "Teams of four, aged 16 and over. Men's, women's and mixed rankings, with prizes for the top three in each.",
        ),
        startsAt: c.at(race, "19:00"),
        endsAt: c.at(race, "21:00"),
        capacity: 400,
        placesTaken: 248,
        priceTiers: tiers([c.day(7), 4000], 4800),
        minAge: 16,
      }),
    ],
    stays: [],
  };
};

/** An evening road race still being prepared: a draft that must never show publicly. */
export const notturnaDiTrastevere: DemoEventBuilder = (c) => {
  const race = c.next(SATURDAY, 100);
  return {
    event: {
      ...ITALY,
      slug: "notturna-di-trastevere",
      sport: "road-running",
      status: "draft",
      title: text("Notturna di Trastevere", "Trastevere Night Run"),
      summary: text(
        "Otto chilometri di sera tra i vicoli di Trastevere, il Lungotevere e l'Isola Tiberina.",
        "Eight evening kilometres through the lanes of Trastevere, along the Tiber and across Tiber Island.",
      ),
      description: text(
        md(
          "Una corsa serale tra i **vicoli di Trastevere**, il Lungotevere e l'Isola Tiberina, con le strade chiuse al traffico e il percorso illuminato dalle lanterne.",
          "Percorso e orari sono **in attesa di conferma** da parte del Comune: le iscrizioni apriranno appena arriva l'autorizzazione.",
        ),
        md(
          "An evening run through the **lanes of Trastevere**, along the Tiber and across Tiber Island, with the streets closed to traffic and the course lit by lanterns.",
          "The route and times are **awaiting approval** from the city: signups will open as soon as the permit comes through.",
        ),
      ),
      startsAt: c.at(race, "21:00"),
      endsAt: c.at(race, "22:30"),
      venueName: "Piazza di Santa Maria in Trastevere",
      street: "Piazza di Santa Maria in Trastevere",
      locality: "Roma",
      region: "Lazio",
      postalCode: "00153",
      latitude: 41.8894,
      longitude: 12.47,
      coverImage: "/images/demo/notturna-trastevere.svg",
      coverAlt: text(
        "Una strada di Roma di notte, con lampioni accesi, una cupola e la luna",
        "A Rome street at night, with glowing street lamps, a dome and the moon",
      ),
      signupOpensAt: c.at(30, "10:00"),
      signupClosesAt: c.at(race - 2, "23:59"),
      signupMode: "appointment",
      minAge: 16,
      maxAge: null,
      ageRule: "event-date",
      medicalCertificate: "non-competitive",
      federationCardRequired: false,
      participantsPerSignup: 1,
      holdMinutes: 15,
    },
    appointments: [
      appointment({
        slug: "8k",
        title: text("Notturna 8 km", "Night run 8 km"),
        description: text(
          "Due giri da 4 km con partenza e arrivo in Piazza di Santa Maria in Trastevere.",
          "Two 4 km laps starting and finishing in Piazza di Santa Maria in Trastevere.",
        ),
        startsAt: c.at(race, "21:00"),
        endsAt: c.at(race, "22:30"),
        capacity: 1500,
        placesTaken: 0,
        priceTiers: tiers([c.day(60), 1500], 2000),
      }),
    ],
    stays: [],
  };
};
