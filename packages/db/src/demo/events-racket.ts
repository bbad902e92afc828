import { SATURDAY } from "./dates.ts";
import { appointment, type DemoEventBuilder, ITALY, md, roomType, text, tiers } from "./model.ts";

/** A doubles padel tournament: signups are pairs, one category for women only. */
export const riminiPadelCup: DemoEventBuilder = (c) => {
  const day1 = c.next(SATURDAY, 20);
  const draw = c.at(day1 - 3, "20:00");
  return {
    event: {
      ...ITALY,
      slug: "rimini-padel-cup",
      sport: "padel",
      status: "published",
      title: text("Rimini Padel Cup", "Rimini Padel Cup"),
      summary: text(
        "Torneo amatoriale di padel a coppie a due passi dalla spiaggia: doppio maschile, femminile e misto.",
        "An amateur doubles padel tournament a stone's throw from the beach: men's, women's and mixed.",
      ),
      description: text(
        md(
          "Due giorni di padel a pochi passi dal mare: gironi all'italiana il sabato, tabellone a eliminazione diretta la domenica e finali al tramonto sul campo centrale.",
          "- **Doppio maschile** e **doppio femminile**, livello intermedio.\n- **Doppio misto**, tutto nella giornata di domenica.\n- Ogni coppia gioca almeno **tre partite**, con palline nuove a ogni incontro.",
          "Ci si iscrive **in coppia**: indica entrambi i giocatori al momento dell'iscrizione. Serve il certificato medico non agonistico. Il tabellone viene sorteggiato tre giorni prima del torneo e da quel momento le iscrizioni sono chiuse.",
        ),
        md(
          "Two days of padel a few steps from the sea: round-robin groups on Saturday, a knockout draw on Sunday, and finals at sunset on the centre court.",
          "- **Men's doubles** and **women's doubles**, intermediate level.\n- **Mixed doubles**, played entirely on Sunday.\n- Every pair plays at least **three matches**, with new balls for every match.",
          "You sign up **as a pair**: enter both players when you register. A non-competitive medical certificate is required. The draw is made three days before the tournament, and entries close at that point.",
        ),
      ),
      startsAt: c.at(day1, "09:00"),
      endsAt: c.at(day1 + 1, "19:00"),
      venueName: "Marina Centro Padel Club",
      street: "Viale Regina Elena 40",
      locality: "Rimini",
      region: "Emilia-Romagna",
      postalCode: "47921",
      latitude: 44.0538,
      longitude: 12.5815,
      coverImage: "/images/demo/padel-rimini.svg",
      coverAlt: text(
        "Un campo da padel blu con pareti di vetro, palme e mare sullo sfondo",
        "A blue padel court with glass walls, palm trees and the sea behind",
      ),
      signupOpensAt: c.at(-40, "10:00"),
      signupClosesAt: draw,
      signupMode: "appointment",
      minAge: 16,
      maxAge: null,
      ageRule: "event-date",
      medicalCertificate: "non-competitive",
      federationCardRequired: false,
      participantsPerSignup: 2,
      holdMinutes: 15,
    },
    appointments: [
      appointment({
        slug: "doppio-maschile",
        title: text("Doppio maschile", "Men's doubles"),
        description: text(
          "Gironi da quattro coppie il sabato, eliminazione diretta la domenica. Finale alle 17:00.",
          "Groups of four pairs on Saturday, knockout on Sunday. The final starts at 5 p.m.",
        ),
        startsAt: c.at(day1, "09:00"),
        endsAt: c.at(day1 + 1, "18:00"),
        capacity: 64,
        placesTaken: 46,
        priceTiers: tiers([c.day(day1 - 10), 5000], 6000),
        signupDeadline: draw,
        gender: "male",
      }),
      appointment({
        slug: "doppio-femminile",
        title: text("Doppio femminile", "Women's doubles"),
        description: text(
          "Riservato alle giocatrici: gironi il sabato pomeriggio, tabellone e finale la domenica.",
          "For women players only: groups on Saturday afternoon, knockout and final on Sunday.",
        ),
        startsAt: c.at(day1, "14:00"),
        endsAt: c.at(day1 + 1, "17:00"),
        capacity: 32,
        placesTaken: 18,
        priceTiers: tiers([c.day(day1 - 10), 5000], 6000),
        signupDeadline: draw,
        gender: "female",
      }),
      appointment({
        slug: "doppio-misto",
        title: text("Doppio misto", "Mixed doubles"),
        description: text(
          "Coppie miste, tutto la domenica: gironi al mattino e tabellone nel pomeriggio.",
          "Mixed pairs, all on Sunday: groups in the morning and the knockout in the afternoon.",
        ),
        startsAt: c.at(day1 + 1, "09:00"),
        endsAt: c.at(day1 + 1, "19:00"),
        capacity: 48,
        placesTaken: 30,
        priceTiers: tiers([c.day(day1 - 10), 5000], 6000),
        signupDeadline: draw,
      }),
    ],
    stays: [],
  };
};

/** A coaching weekend whose signups have not opened yet, with a partner hotel. */
export const tennisWeekendGarda: DemoEventBuilder = (c) => {
  const day1 = c.next(SATURDAY, 110);
  return {
    event: {
      ...ITALY,
      slug: "tennis-weekend-garda",
      sport: "tennis",
      status: "published",
      title: text("Tennis Weekend sul Garda", "Lake Garda Tennis Weekend", "Tennis-Wochenende am Gardasee"),
      summary: text(
        "Due giorni sulla terra rossa di Riva del Garda: allenamento con i maestri, video analisi e torneo di doppio.",
        "Two days on the red clay of Riva del Garda: coaching, video analysis and a doubles tournament.",
        "Zwei Tage auf den Sandplätzen von Riva del Garda: Training, Videoanalyse und ein Doppelturnier.",
      ),
      description: text(
        md(
          "Un fine settimana sulla terra rossa con il lago davanti e le montagne alle spalle: **quattro sessioni di allenamento** con maestri FITP, un torneo di doppio a rotazione e il tempo per un bagno nel Garda tra una partita e l'altra.",
          "- Gruppi da **quattro giocatori per maestro**, divisi per livello.\n- Video analisi del servizio il sabato pomeriggio.\n- Torneo di doppio giallo la domenica, con aperitivo di chiusura sulla terrazza del circolo.",
          "I posti sono pochi e ogni anno vanno via in fretta: segnati la data di apertura delle iscrizioni. Per chi arriva da lontano c'è l'**Hotel Brezza del Lago**, prenotabile insieme all'iscrizione.",
        ),
        md(
          "A weekend on red clay with the lake in front of you and the mountains behind: **four coaching sessions** with certified coaches, a round-robin doubles tournament, and time for a swim in Lake Garda between matches.",
          "- Groups of **four players per coach**, split by level.\n- Video analysis of your serve on Saturday afternoon.\n- Round-robin doubles on Sunday, with a farewell aperitivo on the club terrace.",
          "Places are few and go quickly every year, so make a note of the date signups open. If you're travelling, our partner **Hotel Brezza del Lago** can be booked together with your signup.",
        ),
        md(
          "Ein Wochenende auf Sand, vor sich der See, hinter sich die Berge: **vier Trainingseinheiten** mit lizenzierten Trainern, ein Doppelturnier mit wechselnden Partnern und Zeit für ein Bad im Gardasee zwischen den Matches.",
          "- Gruppen mit **vier Spielern pro Trainer**, nach Spielstärke eingeteilt.\n- Videoanalyse des Aufschlags am Samstagnachmittag.\n- Doppelturnier am Sonntag, zum Abschluss ein Aperitivo auf der Clubterrasse.",
          "Die Plätze sind knapp und jedes Jahr schnell vergeben – merken Sie sich den Anmeldestart. Das Partnerhotel **Brezza del Lago** lässt sich direkt bei der Anmeldung mitbuchen.",
        ),
      ),
      startsAt: c.at(day1, "09:00"),
      endsAt: c.at(day1 + 1, "16:00"),
      venueName: "Tennis Club Lungolago",
      street: "Viale Rovereto 15",
      locality: "Riva del Garda",
      region: "Trentino-Alto Adige",
      postalCode: "38066",
      latitude: 45.8855,
      longitude: 10.848,
      coverImage: "/images/demo/tennis-riva.svg",
      coverAlt: text(
        "Un campo in terra rossa affacciato su un lago tra montagne ripide",
        "A red clay court overlooking a lake between steep mountains",
        "Ein Sandplatz mit Blick auf einen See zwischen steilen Bergen",
      ),
      signupOpensAt: c.at(12, "10:00"),
      signupClosesAt: c.at(day1 - 7, "23:59"),
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
        slug: "intermedio",
        title: text("Livello intermedio", "Intermediate level"),
        description: text(
          "Per chi gioca con regolarità e vuole consolidare i fondamentali: palleggio, servizio e gioco a rete.",
          "For regular players who want to sharpen the fundamentals: groundstrokes, serve and net play.",
        ),
        startsAt: c.at(day1, "09:00"),
        endsAt: c.at(day1 + 1, "16:00"),
        capacity: 32,
        placesTaken: 0,
        priceTiers: tiers([c.day(40), 19000], 22000),
      }),
      appointment({
        slug: "avanzato",
        title: text("Livello avanzato", "Advanced level"),
        description: text(
          "Per chi gioca tornei: tattica nel doppio, risposta al servizio e gestione dei punti importanti.",
          "For tournament players: doubles tactics, returning serve and playing the big points.",
        ),
        startsAt: c.at(day1, "09:00"),
        endsAt: c.at(day1 + 1, "16:00"),
        capacity: 24,
        placesTaken: 0,
        priceTiers: tiers([c.day(40), 21000], 24000),
      }),
    ],
    stays: [
      {
        slug: "hotel-brezza-del-lago",
        name: text("Hotel Brezza del Lago", "Hotel Brezza del Lago"),
        description: text(
          "Tre stelle sul lungolago, a 300 metri dal circolo, con colazione a buffet e deposito racchette. Tariffe riservate ai partecipanti per le notti di venerdì e sabato.",
          "A three-star hotel on the lakefront, 300 metres from the club, with a buffet breakfast and racket storage. Special rates for participants on Friday and Saturday nights.",
        ),
        address: "Viale Rovereto 48, 38066 Riva del Garda TN",
        firstNight: c.day(day1 - 1),
        lastNight: c.day(day1),
        roomTypes: [
          roomType(text("Doppia uso singola", "Double room for sole use"), 1, 9500, 8),
          roomType(text("Doppia vista lago", "Lake-view double room"), 2, 15500, 12),
        ],
      },
    ],
  };
};
