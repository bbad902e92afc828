import { SUNDAY } from "./dates.ts";
import { appointment, type DemoEventBuilder, demoEvent, md, text, tiers } from "./model.ts";

/** A road gran fondo with two routes, open. */
export const granfondoCollineDelBarolo: DemoEventBuilder = (c) => {
  const race = c.next(SUNDAY, 55);
  return {
    event: demoEvent({
      slug: "granfondo-colline-del-barolo",
      sport: "cycling",
      title: text(
        "Granfondo Colline del Barolo",
        "Barolo Hills Gran Fondo",
        "Granfondo Colline del Barolo",
        "Granfondo des Collines du Barolo",
        "Gran Fondo Colinas del Barolo",
      ),
      summary: text(
        "Due percorsi tra le vigne delle Langhe, da Alba a La Morra, Barolo e Monforte, con strade chiuse al traffico.",
        "Two routes through the Langhe vineyards, from Alba to La Morra, Barolo and Monforte, on closed roads.",
        "Zwei Strecken durch die Weinberge der Langhe, von Alba nach La Morra, Barolo und Monforte, auf gesperrten Straßen.",
        "Deux parcours dans les vignes des Langhe, d'Alba à La Morra, Barolo et Monforte, sur routes fermées.",
        "Dos recorridos entre los viñedos de las Langhe, de Alba a La Morra, Barolo y Monforte, con las carreteras cerradas.",
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
        md(
          "Weinberge, so weit das Auge reicht, Dörfer auf Hügelkuppen und kurze, giftige Anstiege: Die Granfondo Colline del Barolo führt das Feld von Alba ins Herz der **Langhe**, über La Morra, Barolo und Monforte.",
          "- **Granfondo 128 km** (2.300 Hm), mit dem Anstieg nach Serralunga und der Bergwertung in Montelupo Albese.\n- **Mediofondo 86 km** (1.350 Hm), die nach Barolo über Diano nach Alba zurückkehrt.",
          "Nötig sind eine **Mitgliedschaft** in einem Radsportverband oder einer anerkannten Sportorganisation und ein sportärztliches Wettkampfattest für Radsport. Gestartet wird in Blöcken, die Straßen werden beim Durchfahren gesperrt, und das Zielbuffet kommt ganz aus der Region.",
        ),
        md(
          "Des vignes à perte de vue, des villages perchés et des montées courtes mais sèches : la Granfondo des Collines du Barolo emmène le peloton d'Alba au cœur des **Langhe**, par La Morra, Barolo et Monforte.",
          "- **Granfondo 128 km** (2 300 m D+), avec la montée de Serralunga et le GPM de Montelupo Albese.\n- **Mediofondo 86 km** (1 350 m D+), qui rentre à Alba par Diano après Barolo.",
          "Il faut une **licence** d'une fédération cycliste ou d'un organisme reconnu et un certificat médical de cyclisme en compétition. Le départ se fait par sas, les routes sont fermées au passage de la course et le buffet d'arrivée ne sert que des produits locaux.",
        ),
        md(
          "Viñedos hasta donde alcanza la vista, pueblos encaramados y subidas cortas pero duras: la Gran Fondo Colinas del Barolo lleva al pelotón de Alba al corazón de las **Langhe**, por La Morra, Barolo y Monforte.",
          "- **Gran fondo 128 km** (2.300 m D+), con la subida a Serralunga y el puerto de montaña de Montelupo Albese.\n- **Medio fondo 86 km** (1.350 m D+), que tras Barolo vuelve a Alba por Diano.",
          "Se necesita **licencia** de una federación ciclista o de una entidad reconocida y el certificado médico de competición para ciclismo. Se sale por cajones, las carreteras se cierran al paso de la carrera y el bufé de llegada es todo de productos locales.",
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
        "Eine kurvige Straße durch Hügel voller Rebzeilen, oben ein Dorf mit Glockenturm",
        "Une route sinueuse à travers des collines striées de vignes, avec un village et son clocher au sommet",
        "Una carretera sinuosa entre colinas rayadas de viñedos, con un pueblo y su campanario en lo alto",
      ),
      signupOpensAt: c.at(-120, "10:00"),
      signupClosesAt: c.at(race - 5, "23:59"),
      minAge: 18,
      medicalCertificate: "competitive",
      federationCardRequired: true,
    }),
    appointments: [
      appointment({
        slug: "granfondo",
        title: text(
          "Granfondo 128 km",
          "Gran fondo 128 km",
          "Granfondo 128 km",
          "Granfondo 128 km",
          "Gran fondo 128 km",
        ),
        description: text(
          "128 km e 2.300 m D+, tempo massimo 7 ore e 30 minuti. Cancello orario a Monforte d'Alba alle 12:15. Aperta fino ai 75 anni.",
          "128 km with 2,300 m of climbing and a seven-and-a-half-hour limit. Cut-off at Monforte d'Alba at 12:15. Open to riders up to 75.",
          "128 km und 2.300 Hm, Zeitlimit siebeneinhalb Stunden. Kontrollschluss in Monforte d'Alba um 12:15 Uhr. Offen bis 75 Jahre.",
          "128 km et 2 300 m D+, barrière horaire à sept heures et demie. Barrière à Monforte d'Alba à 12 h 15. Ouverte jusqu'à 75 ans.",
          "128 km y 2.300 m D+, tiempo máximo siete horas y media. Corte horario en Monforte d'Alba a las 12:15. Abierta hasta los 75 años.",
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
        title: text(
          "Mediofondo 86 km",
          "Medio fondo 86 km",
          "Mediofondo 86 km",
          "Mediofondo 86 km",
          "Medio fondo 86 km",
        ),
        description: text(
          "86 km e 1.350 m D+, tempo massimo 5 ore e mezza. Parte 15 minuti dopo la granfondo, dalla stessa griglia.",
          "86 km with 1,350 m of climbing and a five-and-a-half-hour limit. Starts 15 minutes after the gran fondo, from the same pens.",
          "86 km und 1.350 Hm, Zeitlimit fünfeinhalb Stunden. Start 15 Minuten nach der Granfondo, aus denselben Blöcken.",
          "86 km et 1 350 m D+, barrière horaire à cinq heures et demie. Départ 15 minutes après la granfondo, depuis les mêmes sas.",
          "86 km y 1.350 m D+, tiempo máximo cinco horas y media. Sale 15 minutos después de la gran fondo, desde los mismos cajones.",
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
    event: demoEvent({
      slug: "granfondo-costa-dei-trabocchi",
      sport: "cycling",
      title: text(
        "Granfondo Costa dei Trabocchi",
        "Trabocchi Coast Gran Fondo",
        "Granfondo Costa dei Trabocchi",
        "Granfondo de la Côte des Trabocchi",
        "Gran Fondo Costa de los Trabocchi",
      ),
      summary: text(
        "112 km tra la costa abruzzese dei trabocchi e le colline dell'entroterra, con la Majella all'orizzonte.",
        "112 km between Abruzzo's coast of fishing platforms and the hills inland, with the Majella on the horizon.",
        "112 km zwischen der Trabocchi-Küste der Abruzzen und den Hügeln im Hinterland, mit der Majella am Horizont.",
        "112 km entre la côte des trabocchi des Abruzzes et les collines de l'arrière-pays, avec la Majella à l'horizon.",
        "112 km entre la costa de los trabocchi de los Abruzos y las colinas del interior, con la Majella en el horizonte.",
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
        md(
          "Start ist an der Uferpromenade von San Vito Marina. Die Strecke folgt einer Küste voller **Trabocchi**, alter Fischerplattformen auf Pfählen, und steigt dann nach Lanciano und zu den Dörfern im Hinterland hinauf, immer mit der Majella vor Augen.",
          "Die diesjährige Ausgabe ist vorbei: **642 Fahrer** am Start, Sonne von Anfang bis Ende. Danke an alle, bis zum nächsten Mal.",
        ),
        md(
          "Le départ se fait sur le front de mer de San Vito Marina. Le parcours longe une côte parsemée de **trabocchi**, les anciennes plateformes de pêche sur pilotis, puis monte vers Lanciano et les villages de l'arrière-pays, la Majella toujours en face.",
          "L'édition de cette année est terminée : **642 cyclistes** au départ, sous le soleil du début à la fin. Merci à tous, et à la prochaine.",
        ),
        md(
          "La salida es en el paseo marítimo de San Vito Marina. El recorrido sigue una costa salpicada de **trabocchi**, las antiguas plataformas de pesca sobre pilotes, y luego sube hacia Lanciano y los pueblos del interior, con la Majella siempre delante.",
          "La edición de este año ha terminado: **642 ciclistas** en la salida y sol de principio a fin. Gracias a todos, y hasta la próxima.",
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
        "Eine hölzerne Fischerplattform im ruhigen Meer, dahinter die Küstenstraße und Hügel",
        "Une plateforme de pêche en bois sur une mer calme, avec la route côtière et les collines derrière",
        "Una plataforma de pesca de madera sobre un mar en calma, con la carretera de la costa y las colinas detrás",
      ),
      signupOpensAt: c.at(race - 150, "10:00"),
      signupClosesAt: c.at(race - 4, "23:59"),
      minAge: 18,
      medicalCertificate: "competitive",
      federationCardRequired: true,
    }),
    appointments: [
      appointment({
        slug: "granfondo",
        title: text(
          "Granfondo 112 km",
          "Gran fondo 112 km",
          "Granfondo 112 km",
          "Granfondo 112 km",
          "Gran fondo 112 km",
        ),
        description: text(
          "112 km e 1.700 m D+, tempo massimo 6 ore e mezza.",
          "112 km with 1,700 m of climbing and a six-and-a-half-hour limit.",
          "112 km und 1.700 Hm, Zeitlimit sechseinhalb Stunden.",
          "112 km et 1 700 m D+, barrière horaire à six heures et demie.",
          "112 km y 1.700 m D+, tiempo máximo seis horas y media.",
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
    event: demoEvent({
      slug: "grappa-bike-marathon",
      sport: "mountain-biking",
      status: "cancelled",
      title: text(
        "Grappa Bike Marathon",
        "Grappa Bike Marathon",
        "Grappa Bike Marathon",
        "Grappa Bike Marathon",
        "Grappa Bike Marathon",
      ),
      summary: text(
        "Edizione annullata: due frane hanno chiuso il percorso sul versante sud del Monte Grappa.",
        "This year's race is cancelled: two landslides have closed the course on the south face of Monte Grappa.",
        "Die diesjährige Ausgabe ist abgesagt: Zwei Erdrutsche haben die Strecke an der Südflanke des Monte Grappa gesperrt.",
        "L'édition de cette année est annulée : deux glissements de terrain ont fermé le parcours sur le versant sud du Monte Grappa.",
        "La edición de este año se ha cancelado: dos desprendimientos han cerrado el recorrido en la cara sur del Monte Grappa.",
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
        md(
          "**Die diesjährige Ausgabe ist abgesagt.** Zwei Erdrutsche haben die Wege an der Südflanke gesperrt, und die Behörden konnten keine sichere Ausweichstrecke genehmigen. Alle Startgebühren wurden auf das bei der Anmeldung verwendete Zahlungsmittel **erstattet**.",
          "Der Grappa Bike Marathon steigt vom Vorgebirge durch Kastanienwälder und alte Militär-Saumpfade bis zu den Gipfelwiesen, auf zwei Strecken: **Marathon 68 km** (2.400 Hm) und **Classic 38 km** (1.300 Hm).",
          "Wir sehen uns bei der nächsten Ausgabe: Die neuen Termine erscheinen hier.",
        ),
        md(
          "**L'édition de cette année est annulée.** Deux glissements de terrain ont fermé les sentiers du versant sud, et les autorités n'ont pas pu autoriser un parcours de remplacement sûr. Tous les frais d'inscription ont été **remboursés** sur le moyen de paiement utilisé.",
          "La Grappa Bike Marathon monte du piémont à travers les châtaigneraies et les anciens chemins muletiers militaires jusqu'aux prairies du sommet, sur deux parcours : **Marathon 68 km** (2 400 m D+) et **Classic 38 km** (1 300 m D+).",
          "Rendez-vous à la prochaine édition : les nouvelles dates seront publiées ici.",
        ),
        md(
          "**La edición de este año se ha cancelado.** Dos desprendimientos han cerrado los senderos de la cara sur y las autoridades no han podido autorizar un recorrido alternativo seguro. Todas las inscripciones se han **reembolsado** al medio de pago utilizado.",
          "La Grappa Bike Marathon sube desde el piedemonte por castañares y antiguos caminos de herradura militares hasta los prados de la cumbre, con dos recorridos: **Marathon 68 km** (2.400 m D+) y **Classic 38 km** (1.300 m D+).",
          "Nos vemos en la próxima edición: las nuevas fechas se publicarán aquí.",
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
        "Ein Singletrail, der sich durch Kastanienwälder zu einem grasbewachsenen Berg schlängelt",
        "Un single en terre qui serpente dans les châtaigneraies vers une montagne herbeuse",
        "Un sendero de tierra que serpentea entre castaños hacia una montaña cubierta de hierba",
      ),
      signupOpensAt: c.at(-80, "10:00"),
      signupClosesAt: c.at(race - 5, "23:59"),
      minAge: 18,
      medicalCertificate: "competitive",
      federationCardRequired: true,
    }),
    appointments: [
      appointment({
        slug: "marathon",
        title: text("Marathon 68 km", "Marathon 68 km", "Marathon 68 km", "Marathon 68 km", "Marathon 68 km"),
        description: text(
          "68 km e 2.400 m D+ fino alla cima del Grappa, tempo massimo 8 ore.",
          "68 km with 2,400 m of climbing to the top of Monte Grappa, 8-hour limit.",
          "68 km und 2.400 Hm bis zum Gipfel des Monte Grappa, Zeitlimit 8 Stunden.",
          "68 km et 2 400 m D+ jusqu'au sommet du Monte Grappa, barrière horaire à 8 heures.",
          "68 km y 2.400 m D+ hasta la cima del Monte Grappa, tiempo máximo 8 horas.",
        ),
        startsAt: c.at(race, "08:30"),
        endsAt: c.at(race, "16:00"),
        capacity: 500,
        placesTaken: 0,
        priceTiers: tiers([c.day(-20), 4000], 5000),
      }),
      appointment({
        slug: "classic",
        title: text("Classic 38 km", "Classic 38 km", "Classic 38 km", "Classic 38 km", "Classic 38 km"),
        description: text(
          "38 km e 1.300 m D+ nei boschi della pedemontana, tempo massimo 5 ore.",
          "38 km with 1,300 m of climbing through the foothill woods, 5-hour limit.",
          "38 km und 1.300 Hm durch die Wälder des Vorgebirges, Zeitlimit 5 Stunden.",
          "38 km et 1 300 m D+ dans les bois du piémont, barrière horaire à 5 heures.",
          "38 km y 1.300 m D+ por los bosques del piedemonte, tiempo máximo 5 horas.",
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
