import { SATURDAY, SUNDAY } from "./dates.ts";
import { appointment, type DemoEventBuilder, demoEvent, md, text, tiers } from "./model.ts";

/** A city half marathon with a 10 km race alongside, open. */
export const mezzaMaratonaDelleMura: DemoEventBuilder = (c) => {
  const race = c.next(SUNDAY, 40);
  return {
    event: demoEvent({
      slug: "mezza-maratona-delle-mura",
      sport: "road-running",
      title: text(
        "Mezza Maratona delle Mura",
        "Bergamo Walls Half Marathon",
        "Halbmarathon an den Mauern von Bergamo",
        "Semi-marathon des Remparts de Bergame",
        "Media Maratón de las Murallas de Bérgamo",
      ),
      summary: text(
        "Mezza maratona e 10 km tra la Città Bassa e le Mura veneziane di Bergamo, patrimonio UNESCO.",
        "A half marathon and a 10 km race from Bergamo's lower town up to its UNESCO-listed Venetian walls.",
        "Halbmarathon und 10 km von der Unterstadt Bergamos hinauf zu den venezianischen Mauern, UNESCO-Welterbe.",
        "Un semi-marathon et un 10 km de la ville basse de Bergame jusqu'à ses remparts vénitiens, classés à l'UNESCO.",
        "Media maratón y 10 km desde la ciudad baja de Bérgamo hasta sus murallas venecianas, Patrimonio de la UNESCO.",
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
        md(
          "Die Strecke beginnt schnell auf den Alleen der **Unterstadt**, steigt bei Kilometer 14 zu den **venezianischen Mauern** hinauf und führt dann den Viale delle Mura hinab, die Ebene zu Füßen. Nur ein echter Anstieg, aber einer, der in Erinnerung bleibt.",
          "- **Halbmarathon 21,097 km**, FIDAL-zertifiziert, mit Pacern alle 5 Minuten von 1:25 bis 2:20.\n- **10 km mit Zeitnahme**, eine Runde durch die Unterstadt, ab 16 Jahren.",
          "Für beide Läufe braucht es eine **Mitgliedschaft** bei der FIDAL oder einem angeschlossenen Sportverband oder eine Runcard sowie ein sportärztliches Wettkampfattest für Leichtathletik. An der Strecke gibt es vier Getränke- und zwei Schwammstationen.",
        ),
        md(
          "Le parcours part vite sur les avenues de la **ville basse**, puis au 14e kilomètre monte vers les **remparts vénitiens** et redescend par le Viale delle Mura, la plaine à vos pieds. Une seule vraie montée, mais mémorable.",
          "- **Semi-marathon 21,097 km**, homologué FIDAL, avec des meneurs d'allure toutes les 5 minutes de 1 h 25 à 2 h 20.\n- **10 km chronométré**, une seule boucle dans la ville basse, ouvert dès 16 ans.",
          "Les deux courses exigent une **licence** FIDAL ou d'un organisme sportif affilié, ou une Runcard, ainsi qu'un certificat médical d'athlétisme en compétition. Quatre ravitaillements et deux points d'épongeage jalonnent le parcours.",
        ),
        md(
          "El recorrido sale rápido por las avenidas de la **ciudad baja**, en el kilómetro 14 sube hacia las **murallas venecianas** y baja por el Viale delle Mura con la llanura a los pies. Una sola subida de verdad, pero inolvidable.",
          "- **Media maratón 21,097 km**, homologada por la FIDAL, con liebres cada 5 minutos de 1h25 a 2h20.\n- **10 km cronometrados**, una sola vuelta por la ciudad baja, a partir de 16 años.",
          "Ambas carreras exigen **licencia** de la FIDAL o de una entidad deportiva asociada, o una Runcard, además del certificado médico de competición para atletismo. Hay cuatro avituallamientos líquidos y dos puntos de esponjas en el recorrido.",
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
        "Läufer auf einer Allee, dahinter die Oberstadt auf dem Hügel mit ihren Glockentürmen",
        "Des coureurs sur une avenue bordée d'arbres, avec la ville haute et ses clochers en arrière-plan",
        "Corredores en una avenida arbolada con la ciudad alta y sus campanarios al fondo",
      ),
      signupOpensAt: c.at(-100, "10:00"),
      signupClosesAt: c.at(race - 3, "23:59"),
      minAge: 16,
      medicalCertificate: "competitive",
      federationCardRequired: true,
      // The demo's check-in desk takes this race's runners from the day the demo is seeded.
      checkInOpensDaysBefore: race,
    }),
    appointments: [
      appointment({
        slug: "mezza-maratona",
        title: text("Mezza maratona", "Half marathon", "Halbmarathon", "Semi-marathon", "Media maratón"),
        description: text(
          "21,097 km, tempo massimo 3 ore. Le griglie di partenza sono assegnate in base al tempo dichiarato.",
          "21.097 km with a 3-hour limit. Start pens are assigned by your declared finish time.",
          "21,097 km, Zeitlimit 3 Stunden. Die Startblöcke werden nach der angegebenen Zielzeit vergeben.",
          "21,097 km, barrière horaire à 3 heures. Les sas de départ sont attribués selon le temps annoncé.",
          "21,097 km, tiempo máximo 3 horas. Los cajones de salida se asignan según el tiempo declarado.",
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
        title: text("10 km", "10 km", "10 km", "10 km", "10 km"),
        description: text(
          "10 km competitiva, tempo massimo 1 ora e 30 minuti. Si parte 15 minuti dopo la mezza.",
          "A timed 10 km with a 90-minute limit, starting 15 minutes after the half.",
          "10 km mit Zeitnahme, Zeitlimit 90 Minuten, Start 15 Minuten nach dem Halbmarathon.",
          "Un 10 km chronométré, barrière horaire à 90 minutes, départ 15 minutes après le semi.",
          "10 km cronometrados, tiempo máximo 90 minutos, con salida 15 minutos después de la media.",
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
    event: demoEvent({
      slug: "staffetta-mura-di-lucca",
      sport: "road-running",
      title: text(
        "Staffetta delle Mura di Lucca",
        "Lucca Walls Relay",
        "Staffellauf auf den Mauern von Lucca",
        "Relais des Remparts de Lucques",
        "Relevos de las Murallas de Lucca",
      ),
      summary: text(
        "Quattro frazioni, un giro delle Mura a testa: la staffetta al tramonto per squadre di amici e famiglie.",
        "Four legs, one lap of the walls each: a sunset relay for teams of friends and families.",
        "Vier Etappen, jeder läuft eine Runde auf den Mauern: die Staffel bei Sonnenuntergang für Teams aus Freunden und Familien.",
        "Quatre relais, un tour des remparts chacun : le relais au coucher du soleil pour des équipes d'amis et de familles.",
        "Cuatro postas, una vuelta a las murallas cada uno: el relevo al atardecer para equipos de amigos y familias.",
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
        md(
          "Vier Etappen zu **4,2 km**, jede eine volle Runde auf den Mauern, unter Platanen, während die Sonne über den Dächern untergeht. Gewechselt wird an der Bastion San Regolo, wo der Stab unter dem Jubel der anderen Teams übergeben wird.",
          "- **Open-Staffel**: Viererteams ab 16 Jahren; Männer, Frauen oder gemischt.\n- **Familienstaffel**: mindestens ein Erwachsener und bis zu drei Kinder ab 8 Jahren. Keine Wertung, aber eine Medaille für alle.",
          "Es ist eine **Freizeitveranstaltung**: Ein ärztliches Attest für nicht wettkampfmäßigen Sport genügt. Jede Anmeldung ist ein Team: Gib die vier Läufer und die Reihenfolge der Etappen an. Nach dem Ziel gibt es eine Pasta-Party oben auf der Bastion.",
        ),
        md(
          "Quatre relais de **4,2 km**, chacun un tour complet des remparts, sous les platanes, pendant que le soleil se couche sur les toits. Les passages de relais ont lieu au bastion San Regolo, où le témoin change de main sous les encouragements des autres équipes.",
          "- **Relais open** : équipes de quatre, dès 16 ans ; hommes, femmes ou mixtes.\n- **Relais familles** : au moins un adulte et jusqu'à trois enfants dès 8 ans. Pas de classement, mais une médaille pour tous.",
          "C'est une manifestation **de loisir** : un certificat médical de non-contre-indication au sport hors compétition suffit. Chaque inscription est une équipe : indiquez les quatre coureurs et l'ordre des relais. Après l'arrivée, pasta party sur le bastion.",
        ),
        md(
          "Cuatro postas de **4,2 km**, cada una una vuelta completa a las murallas, bajo los plátanos mientras el sol se pone sobre los tejados. Los relevos se hacen en el baluarte de San Regolo, donde el testigo cambia de mano entre los ánimos de los demás equipos.",
          "- **Relevo open**: equipos de cuatro, a partir de 16 años; masculinos, femeninos o mixtos.\n- **Relevo familias**: al menos un adulto y hasta tres niños a partir de 8 años. Sin clasificación, pero con medalla para todos.",
          "Es una prueba **recreativa**: basta el certificado médico no competitivo. Cada inscripción es un equipo: indica los cuatro corredores y el orden de las postas. Tras la llegada, fiesta de pasta en lo alto del baluarte.",
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
        "Der baumgesäumte Weg oben auf den Mauern von Lucca bei Sonnenuntergang, mit Türmen und Dächern im Hintergrund",
        "L'allée arborée au sommet des remparts de Lucques au coucher du soleil, avec des tours et des toits en arrière-plan",
        "El paseo arbolado sobre las murallas de Lucca al atardecer, con torres y tejados al fondo",
      ),
      signupOpensAt: c.at(-45, "09:00"),
      signupClosesAt: c.at(race - 2, "20:00"),
      minAge: 8,
      medicalCertificate: "non-competitive",
      federationCardRequired: false,
      participantsPerSignup: 4,
    }),
    appointments: [
      appointment({
        slug: "famiglie",
        title: text("Staffetta famiglie", "Family relay", "Familienstaffel", "Relais familles", "Relevo familias"),
        description: text(
          "Un adulto e fino a tre ragazzi dagli 8 anni; si parte prima della gara open, con la luce del pomeriggio.",
          "One adult and up to three children aged 8 and up, running in the afternoon light before the open race.",
          "Ein Erwachsener und bis zu drei Kinder ab 8 Jahren, im Nachmittagslicht vor dem Open-Lauf.",
          "Un adulte et jusqu'à trois enfants dès 8 ans, dans la lumière de l'après-midi, avant la course open.",
          "Un adulto y hasta tres niños a partir de 8 años, con la luz de la tarde, antes de la carrera open.",
        ),
        startsAt: c.at(race, "17:30"),
        endsAt: c.at(race, "18:45"),
        capacity: 160,
        placesTaken: 96,
        priceTiers: tiers([c.day(7), 2800], 3200),
      }),
      appointment({
        slug: "open",
        title: text("Staffetta open", "Open relay", "Open-Staffel", "Relais open", "Relevo open"),
        description: text(
          "Squadre da quattro, dai 16 anni. Classifiche maschile, femminile e mista, premi alle prime tre di ognuna.",
          "Teams of four, aged 16 and over. Men's, women's and mixed rankings, with prizes for the top three in each.",
          "Viererteams ab 16 Jahren. Wertungen für Männer, Frauen und Mixed, Preise für die ersten drei jeder Wertung.",
          "Équipes de quatre, dès 16 ans. Classements hommes, femmes et mixtes, avec des prix pour les trois premières équipes de chacun.",
          "Equipos de cuatro, a partir de 16 años. Clasificaciones masculina, femenina y mixta, con premios para los tres primeros de cada una.",
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
    event: demoEvent({
      slug: "notturna-di-trastevere",
      sport: "road-running",
      status: "draft",
      title: text(
        "Notturna di Trastevere",
        "Trastevere Night Run",
        "Nachtlauf durch Trastevere",
        "Nocturne du Trastevere",
        "Nocturna del Trastevere",
      ),
      summary: text(
        "Otto chilometri di sera tra i vicoli di Trastevere, il Lungotevere e l'Isola Tiberina.",
        "Eight evening kilometres through the lanes of Trastevere, along the Tiber and across Tiber Island.",
        "Acht Abendkilometer durch die Gassen von Trastevere, am Tiber entlang und über die Tiberinsel.",
        "Huit kilomètres en soirée dans les ruelles du Trastevere, le long du Tibre et à travers l'île Tibérine.",
        "Ocho kilómetros al anochecer por las callejuelas del Trastevere, a orillas del Tíber y cruzando la isla Tiberina.",
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
        md(
          "Ein Abendlauf durch die **Gassen von Trastevere**, am Tiber entlang und über die Tiberinsel, auf für den Verkehr gesperrten Straßen und einer von Laternen beleuchteten Strecke.",
          "Strecke und Zeiten **warten noch auf die Genehmigung** der Stadt: Die Anmeldung öffnet, sobald sie vorliegt.",
        ),
        md(
          "Une course en soirée dans les **ruelles du Trastevere**, le long du Tibre et à travers l'île Tibérine, sur des rues fermées à la circulation et un parcours éclairé par des lanternes.",
          "Le parcours et les horaires **attendent l'autorisation** de la ville : les inscriptions ouvriront dès qu'elle arrivera.",
        ),
        md(
          "Una carrera al anochecer por las **callejuelas del Trastevere**, a orillas del Tíber y cruzando la isla Tiberina, con las calles cerradas al tráfico y el recorrido iluminado con farolillos.",
          "El recorrido y los horarios **esperan la autorización** del Ayuntamiento: las inscripciones se abrirán en cuanto llegue.",
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
        "Eine Straße in Rom bei Nacht, mit leuchtenden Laternen, einer Kuppel und dem Mond",
        "Une rue de Rome la nuit, avec des réverbères allumés, une coupole et la lune",
        "Una calle de Roma de noche, con farolas encendidas, una cúpula y la luna",
      ),
      signupOpensAt: c.at(30, "10:00"),
      signupClosesAt: c.at(race - 2, "23:59"),
      minAge: 16,
      medicalCertificate: "non-competitive",
      federationCardRequired: false,
    }),
    appointments: [
      appointment({
        slug: "8k",
        title: text("Notturna 8 km", "Night run 8 km", "Nachtlauf 8 km", "Nocturne 8 km", "Nocturna 8 km"),
        description: text(
          "Due giri da 4 km con partenza e arrivo in Piazza di Santa Maria in Trastevere.",
          "Two 4 km laps starting and finishing in Piazza di Santa Maria in Trastevere.",
          "Zwei Runden zu 4 km, Start und Ziel auf der Piazza di Santa Maria in Trastevere.",
          "Deux tours de 4 km, départ et arrivée sur la Piazza di Santa Maria in Trastevere.",
          "Dos vueltas de 4 km con salida y llegada en la Piazza di Santa Maria in Trastevere.",
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
