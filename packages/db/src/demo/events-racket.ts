import { SATURDAY } from "./dates.ts";
import { appointment, type DemoEventBuilder, demoEvent, md, roomType, text, tiers } from "./model.ts";

/** A doubles padel tournament: signups are pairs, one category for women only. */
export const riminiPadelCup: DemoEventBuilder = (c) => {
  const day1 = c.next(SATURDAY, 20);
  const draw = c.at(day1 - 3, "20:00");
  return {
    event: demoEvent({
      slug: "rimini-padel-cup",
      sport: "padel",
      title: text("Rimini Padel Cup", "Rimini Padel Cup", "Rimini Padel Cup", "Rimini Padel Cup", "Rimini Padel Cup"),
      summary: text(
        "Torneo amatoriale di padel a coppie a due passi dalla spiaggia: doppio maschile, femminile e misto.",
        "An amateur doubles padel tournament a stone's throw from the beach: men's, women's and mixed.",
        "Ein Padel-Doppelturnier für Amateure, nur ein paar Schritte vom Strand: Herren, Damen und Mixed.",
        "Un tournoi de padel amateur en double à deux pas de la plage : hommes, femmes et mixte.",
        "Un torneo amateur de pádel por parejas a un paso de la playa: masculino, femenino y mixto.",
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
        md(
          "Zwei Tage Padel wenige Schritte vom Meer: Gruppenphase am Samstag, K.-o.-Runde am Sonntag und Finals bei Sonnenuntergang auf dem Center Court.",
          "- **Herrendoppel** und **Damendoppel**, mittleres Niveau.\n- **Mixed**, komplett am Sonntag.\n- Jedes Paar spielt mindestens **drei Matches**, mit neuen Bällen in jedem Match.",
          "Die Anmeldung erfolgt **als Paar**: Gib beide Spieler bei der Anmeldung an. Ein ärztliches Attest für nicht wettkampfmäßigen Sport ist nötig. Die Auslosung findet drei Tage vor dem Turnier statt; dann schließt die Anmeldung.",
        ),
        md(
          "Deux jours de padel à quelques pas de la mer : poules le samedi, tableau à élimination directe le dimanche et finales au coucher du soleil sur le court central.",
          "- **Double messieurs** et **double dames**, niveau intermédiaire.\n- **Double mixte**, joué entièrement le dimanche.\n- Chaque paire joue au moins **trois matchs**, avec des balles neuves à chaque match.",
          "On s'inscrit **en paire** : indiquez les deux joueurs lors de l'inscription. Un certificat médical de non-contre-indication hors compétition est exigé. Le tirage au sort a lieu trois jours avant le tournoi, et les inscriptions ferment à ce moment-là.",
        ),
        md(
          "Dos días de pádel a pocos pasos del mar: fase de grupos el sábado, eliminatorias el domingo y finales al atardecer en la pista central.",
          "- **Dobles masculino** y **dobles femenino**, nivel intermedio.\n- **Dobles mixto**, todo el domingo.\n- Cada pareja juega al menos **tres partidos**, con bolas nuevas en cada uno.",
          "La inscripción es **por parejas**: indica a los dos jugadores al inscribirte. Se exige el certificado médico no competitivo. El sorteo se hace tres días antes del torneo y en ese momento se cierran las inscripciones.",
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
        "Ein blauer Padelplatz mit Glaswänden, Palmen und dem Meer im Hintergrund",
        "Un court de padel bleu aux parois vitrées, avec des palmiers et la mer derrière",
        "Una pista de pádel azul con paredes de cristal, palmeras y el mar detrás",
      ),
      signupOpensAt: c.at(-40, "10:00"),
      signupClosesAt: draw,
      minAge: 16,
      medicalCertificate: "non-competitive",
      federationCardRequired: false,
      participantsPerSignup: 2,
    }),
    appointments: [
      appointment({
        slug: "doppio-maschile",
        title: text("Doppio maschile", "Men's doubles", "Herrendoppel", "Double messieurs", "Dobles masculino"),
        description: text(
          "Gironi da quattro coppie il sabato, eliminazione diretta la domenica. Finale alle 17:00.",
          "Groups of four pairs on Saturday, knockout on Sunday. The final starts at 5 p.m.",
          "Gruppen mit je vier Paaren am Samstag, K.-o.-Runde am Sonntag. Das Finale beginnt um 17 Uhr.",
          "Poules de quatre paires le samedi, élimination directe le dimanche. La finale commence à 17 h.",
          "Grupos de cuatro parejas el sábado, eliminatorias el domingo. La final empieza a las 17:00.",
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
        title: text("Doppio femminile", "Women's doubles", "Damendoppel", "Double dames", "Dobles femenino"),
        description: text(
          "Riservato alle giocatrici: gironi il sabato pomeriggio, tabellone e finale la domenica.",
          "For women players only: groups on Saturday afternoon, knockout and final on Sunday.",
          "Nur für Spielerinnen: Gruppen am Samstagnachmittag, K.-o.-Runde und Finale am Sonntag.",
          "Réservé aux joueuses : poules le samedi après-midi, élimination directe et finale le dimanche.",
          "Solo para jugadoras: grupos el sábado por la tarde, eliminatorias y final el domingo.",
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
        title: text("Doppio misto", "Mixed doubles", "Mixed", "Double mixte", "Dobles mixto"),
        description: text(
          "Coppie miste, tutto la domenica: gironi al mattino e tabellone nel pomeriggio.",
          "Mixed pairs, all on Sunday: groups in the morning and the knockout in the afternoon.",
          "Gemischte Paare, alles am Sonntag: Gruppen am Vormittag, K.-o.-Runde am Nachmittag.",
          "Paires mixtes, tout le dimanche : poules le matin et élimination directe l'après-midi.",
          "Parejas mixtas, todo el domingo: grupos por la mañana y eliminatorias por la tarde.",
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
    event: demoEvent({
      slug: "tennis-weekend-garda",
      sport: "tennis",
      title: text(
        "Tennis Weekend sul Garda",
        "Lake Garda Tennis Weekend",
        "Tennis-Wochenende am Gardasee",
        "Week-end de tennis au lac de Garde",
        "Fin de semana de tenis en el lago de Garda",
      ),
      summary: text(
        "Due giorni sulla terra rossa di Riva del Garda: allenamento con i maestri, video analisi e torneo di doppio.",
        "Two days on the red clay of Riva del Garda: coaching, video analysis and a doubles tournament.",
        "Zwei Tage auf den Sandplätzen von Riva del Garda: Training, Videoanalyse und ein Doppelturnier.",
        "Deux jours sur la terre battue de Riva del Garda : entraînement, analyse vidéo et tournoi de double.",
        "Dos días en la tierra batida de Riva del Garda: entrenamiento, análisis de vídeo y torneo de dobles.",
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
        md(
          "Un week-end sur terre battue, le lac devant et les montagnes derrière : **quatre séances d'entraînement** avec des entraîneurs diplômés, un tournoi de double à partenaires tournants et du temps pour une baignade dans le lac de Garde entre deux matchs.",
          "- Groupes de **quatre joueurs par entraîneur**, répartis par niveau.\n- Analyse vidéo de votre service le samedi après-midi.\n- Tournoi de double le dimanche, avec un apéritif d'adieu sur la terrasse du club.",
          "Les places sont peu nombreuses et partent vite chaque année : notez la date d'ouverture des inscriptions. Si vous venez de loin, notre hôtel partenaire **Hotel Brezza del Lago** se réserve avec l'inscription.",
        ),
        md(
          "Un fin de semana en tierra batida con el lago delante y las montañas detrás: **cuatro sesiones de entrenamiento** con entrenadores titulados, un torneo de dobles con parejas rotativas y tiempo para un baño en el lago de Garda entre partido y partido.",
          "- Grupos de **cuatro jugadores por entrenador**, divididos por nivel.\n- Análisis en vídeo de tu saque el sábado por la tarde.\n- Torneo de dobles el domingo, con aperitivo de despedida en la terraza del club.",
          "Hay pocas plazas y vuelan cada año: apúntate la fecha de apertura de las inscripciones. Si vienes de lejos, nuestro hotel asociado **Hotel Brezza del Lago** se reserva junto con la inscripción.",
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
        "Un court en terre battue surplombant un lac entre des montagnes escarpées",
        "Una pista de tierra batida con vistas a un lago entre montañas escarpadas",
      ),
      signupOpensAt: c.at(12, "10:00"),
      signupClosesAt: c.at(day1 - 7, "23:59"),
      minAge: 16,
      medicalCertificate: "non-competitive",
      federationCardRequired: false,
    }),
    appointments: [
      appointment({
        slug: "intermedio",
        title: text(
          "Livello intermedio",
          "Intermediate level",
          "Mittleres Niveau",
          "Niveau intermédiaire",
          "Nivel intermedio",
        ),
        description: text(
          "Per chi gioca con regolarità e vuole consolidare i fondamentali: palleggio, servizio e gioco a rete.",
          "For regular players who want to sharpen the fundamentals: groundstrokes, serve and net play.",
          "Für regelmäßige Spieler, die ihre Grundschläge verbessern wollen: Grundlinie, Aufschlag und Netzspiel.",
          "Pour les joueurs réguliers qui veulent affiner les fondamentaux : fond de court, service et jeu au filet.",
          "Para jugadores habituales que quieren pulir los fundamentos: golpes de fondo, saque y juego en la red.",
        ),
        startsAt: c.at(day1, "09:00"),
        endsAt: c.at(day1 + 1, "16:00"),
        capacity: 32,
        placesTaken: 0,
        priceTiers: tiers([c.day(40), 19000], 22000),
      }),
      appointment({
        slug: "avanzato",
        title: text(
          "Livello avanzato",
          "Advanced level",
          "Fortgeschrittenes Niveau",
          "Niveau avancé",
          "Nivel avanzado",
        ),
        description: text(
          "Per chi gioca tornei: tattica nel doppio, risposta al servizio e gestione dei punti importanti.",
          "For tournament players: doubles tactics, returning serve and playing the big points.",
          "Für Turnierspieler: Doppeltaktik, Return und die wichtigen Punkte spielen.",
          "Pour les joueurs de tournoi : tactique en double, retour de service et gestion des points importants.",
          "Para jugadores de torneo: táctica de dobles, resto y cómo jugar los puntos importantes.",
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
        name: text(
          "Hotel Brezza del Lago",
          "Hotel Brezza del Lago",
          "Hotel Brezza del Lago",
          "Hotel Brezza del Lago",
          "Hotel Brezza del Lago",
        ),
        description: text(
          "Tre stelle sul lungolago, a 300 metri dal circolo, con colazione a buffet e deposito racchette. Tariffe riservate ai partecipanti per le notti di venerdì e sabato.",
          "A three-star hotel on the lakefront, 300 metres from the club, with a buffet breakfast and racket storage. Special rates for participants on Friday and Saturday nights.",
          "Drei-Sterne-Hotel direkt am See, 300 Meter vom Club, mit Frühstücksbuffet und Schlägeraufbewahrung. Sonderpreise für Teilnehmer in den Nächten von Freitag und Samstag.",
          "Un hôtel trois étoiles au bord du lac, à 300 mètres du club, avec petit-déjeuner buffet et consigne à raquettes. Tarifs spéciaux pour les participants les nuits de vendredi et samedi.",
          "Un hotel de tres estrellas a orillas del lago, a 300 metros del club, con desayuno bufé y guardarraquetas. Tarifas especiales para participantes las noches del viernes y el sábado.",
        ),
        address: "Viale Rovereto 48, 38066 Riva del Garda TN",
        firstNight: c.day(day1 - 1),
        lastNight: c.day(day1),
        roomTypes: [
          roomType(
            text(
              "Doppia uso singola",
              "Double room for sole use",
              "Doppelzimmer zur Einzelnutzung",
              "Chambre double à usage individuel",
              "Habitación doble de uso individual",
            ),
            1,
            9500,
            8,
          ),
          roomType(
            text(
              "Doppia vista lago",
              "Lake-view double room",
              "Doppelzimmer mit Seeblick",
              "Chambre double vue lac",
              "Habitación doble con vistas al lago",
            ),
            2,
            15500,
            12,
          ),
        ],
      },
    ],
  };
};
