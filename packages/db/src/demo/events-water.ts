import { SATURDAY, SUNDAY } from "./dates.ts";
import { appointment, type DemoEventBuilder, demoEvent, md, text, tiers } from "./model.ts";

/** An open-water swim whose every place is taken. */
export const traversataIsolaDiSanGiulio: DemoEventBuilder = (c) => {
  const race = c.next(SUNDAY, 24);
  return {
    event: demoEvent({
      slug: "traversata-isola-di-san-giulio",
      sport: "swimming",
      title: text(
        "Traversata dell'Isola di San Giulio",
        "San Giulio Island Swim",
        "Schwimmen um die Insel San Giulio",
        "Traversée de l'île de San Giulio",
        "Travesía de la isla de San Giulio",
      ),
      summary: text(
        "Nuoto in acque libere sul Lago d'Orta, attorno all'isola di San Giulio: 2,4 km o un giro da 1 km.",
        "Open-water swimming on Lake Orta around San Giulio island: 2.4 km, or a 1 km lap of the island.",
        "Freiwasserschwimmen im Ortasee rund um die Insel San Giulio: 2,4 km oder eine Inselrunde von 1 km.",
        "Nage en eau libre sur le lac d'Orta autour de l'île de San Giulio : 2,4 km, ou un tour de l'île de 1 km.",
        "Natación en aguas abiertas en el lago de Orta alrededor de la isla de San Giulio: 2,4 km o una vuelta a la isla de 1 km.",
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
        md(
          "Geschwommen wird im ruhigen Wasser des **Ortasees**, die Insel San Giulio mit ihrem Kloster immer im Blick. Die Strecke ist mit gelben Bojen markiert und wird von Sicherheitskajaks und Booten begleitet.",
          "- **Querung 2,4 km**: vom Lido von Orta Richtung Pella und zurück, rund um die Insel.\n- **Inselrunde 1 km**: eine Runde um San Giulio, ab 12 Jahren.",
          "Die Plätze sind begrenzt, damit alle im Wasser sicher sind, und **Nachmeldungen am Veranstaltungstag gibt es nicht**. Ein Neoprenanzug wird empfohlen und ist unter 20 °C Pflicht; Badekappe und Zeitmesschip liegen in den Startunterlagen.",
        ),
        md(
          "On nage dans l'eau calme du **lac d'Orta**, l'île de San Giulio et son monastère toujours en vue. Le parcours est balisé de bouées jaunes et suivi par des kayaks et des bateaux de sécurité.",
          "- **Traversée 2,4 km** : du lido d'Orta vers Pella et retour, en contournant l'île.\n- **Tour de l'île 1 km** : une boucle autour de San Giulio, dès 12 ans.",
          "Les places sont limitées pour la sécurité de tous dans l'eau, et **il n'y a pas d'inscription sur place**. La combinaison est recommandée, et obligatoire sous 20 °C ; bonnet et puce de chronométrage sont dans le sac du nageur.",
        ),
        md(
          "Se nada en las aguas tranquilas del **lago de Orta**, con la isla de San Giulio y su monasterio siempre a la vista. El recorrido está balizado con boyas amarillas y lo siguen kayaks y barcas de seguridad.",
          "- **Travesía 2,4 km**: del lido de Orta hacia Pella y vuelta, rodeando la isla.\n- **Vuelta a la isla 1 km**: un circuito alrededor de San Giulio, a partir de 12 años.",
          "Las plazas son limitadas para que todos naden seguros y **no hay inscripciones el mismo día**. El neopreno es recomendable y obligatorio por debajo de 20 °C; el gorro y el chip de cronometraje van en la bolsa del nadador.",
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
        "Ein ruhiger See zwischen bewaldeten Hügeln, mit gelben Bojen und einer Insel mit Glockenturm",
        "Un lac calme entre des collines boisées, avec des bouées jaunes et une île surmontée d'un clocher",
        "Un lago en calma entre colinas boscosas, con boyas amarillas y una isla con campanario",
      ),
      signupOpensAt: c.at(-50, "09:00"),
      signupClosesAt: c.at(race - 2, "23:59"),
      minAge: 12,
      medicalCertificate: "non-competitive",
      federationCardRequired: false,
    }),
    appointments: [
      appointment({
        slug: "traversata-2400m",
        title: text("Traversata 2,4 km", "Crossing 2.4 km", "Querung 2,4 km", "Traversée 2,4 km", "Travesía 2,4 km"),
        description: text(
          "2,4 km attorno all'isola, tempo massimo 1 ora e 30 minuti. Dai 16 anni.",
          "2.4 km around the island with a 90-minute limit. Aged 16 and over.",
          "2,4 km rund um die Insel, Zeitlimit 90 Minuten. Ab 16 Jahren.",
          "2,4 km autour de l'île, barrière horaire à 90 minutes. Dès 16 ans.",
          "2,4 km alrededor de la isla, tiempo máximo 90 minutos. A partir de 16 años.",
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
        title: text(
          "Giro dell'isola 1 km",
          "Island lap 1 km",
          "Inselrunde 1 km",
          "Tour de l'île 1 km",
          "Vuelta a la isla 1 km",
        ),
        description: text(
          "Un giro completo dell'isola, tempo massimo 45 minuti. Partenza a onde per età.",
          "One full lap of the island with a 45-minute limit. Wave starts by age group.",
          "Eine volle Runde um die Insel, Zeitlimit 45 Minuten. Wellenstarts nach Altersklassen.",
          "Un tour complet de l'île, barrière horaire à 45 minutes. Départs par vagues selon les catégories d'âge.",
          "Una vuelta completa a la isla, tiempo máximo 45 minutos. Salidas por oleadas según la categoría de edad.",
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
    event: demoEvent({
      slug: "triathlon-lignano-sabbiadoro",
      sport: "triathlon",
      title: text(
        "Triathlon di Lignano Sabbiadoro",
        "Lignano Sabbiadoro Triathlon",
        "Triathlon Lignano Sabbiadoro",
        "Triathlon de Lignano Sabbiadoro",
        "Triatlón de Lignano Sabbiadoro",
      ),
      summary: text(
        "Sprint e olimpico in riva all'Adriatico: nuoto in mare, bici sulla litoranea chiusa al traffico, corsa sul lungomare.",
        "Sprint and Olympic distances by the Adriatic: a sea swim, a closed coast road for the bike and a seafront run.",
        "Sprint- und Olympische Distanz an der Adria: Schwimmen im Meer, Radfahren auf der gesperrten Küstenstraße und Laufen an der Promenade.",
        "Distances sprint et olympique au bord de l'Adriatique : natation en mer, vélo sur la route côtière fermée et course sur le front de mer.",
        "Distancias sprint y olímpica junto al Adriático: natación en el mar, bici por la carretera de la costa cerrada al tráfico y carrera por el paseo marítimo.",
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
        md(
          "Schwimmen im Meer von **Lignano**, Radfahren auf der für den Verkehr gesperrten Küstenstraße, dann Laufen entlang der Promenade bis zur Terrazza a Mare: ein flacher, schneller Triathlon, ideal für eine Bestzeit oder den ersten Wettkampf.",
          "- **Sprint**: 750 m Schwimmen, 20 km Rad, 5 km Laufen.\n- **Olympisch**: 1.500 m, 40 km und 10 km, ab 18 Jahren. Windschattenfahren ist auf dem Rad nicht erlaubt.",
          "Nötig sind eine **Mitgliedschaft im italienischen Triathlonverband (FITri)** (eine Tageslizenz kann bei der Startnummernausgabe aktiviert werden) und ein sportärztliches Wettkampfattest für Triathlon. Die Wechselzone öffnet zwei Stunden vor dem Start und schließt 20 Minuten vor dem Startschuss.",
        ),
        md(
          "Natation dans la mer de **Lignano**, vélo sur la route côtière fermée à la circulation, puis course le long du front de mer jusqu'à la Terrazza a Mare : un triathlon plat et rapide, idéal pour un record personnel ou une première course.",
          "- **Sprint** : 750 m de natation, 20 km de vélo, 5 km de course.\n- **Olympique** : 1 500 m, 40 km et 10 km, pour les athlètes de 18 ans et plus. L'aspiration-abri est interdite à vélo.",
          "Il faut une **licence de la Fédération italienne de triathlon (FITri)** (une licence d'un jour peut être activée au retrait des dossards) et un certificat médical de triathlon en compétition. Le parc à vélos ouvre deux heures avant le départ et ferme 20 minutes avant le coup de pistolet.",
        ),
        md(
          "Natación en el mar de **Lignano**, bici por la carretera de la costa cerrada al tráfico y carrera por el paseo marítimo hasta la Terrazza a Mare: un triatlón llano y rápido, ideal para una marca personal o para estrenarse.",
          "- **Sprint**: 750 m de natación, 20 km de bici, 5 km de carrera.\n- **Olímpico**: 1.500 m, 40 km y 10 km, para mayores de 18 años. No se permite ir a rueda en la bici.",
          "Se necesita **licencia de la Federación Italiana de Triatlón (FITri)** (se puede activar una licencia de un día al recoger el dorsal) y el certificado médico de competición para triatlón. La zona de transición abre dos horas antes de la salida y cierra 20 minutos antes del pistoletazo.",
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
        "Eine Wechselzone mit Rädern in den Ständern, dahinter Strand und Meer",
        "Une zone de transition avec des vélos alignés sur les racks, la plage et la mer derrière",
        "Una zona de transición con bicis alineadas en los soportes, con la playa y el mar detrás",
      ),
      signupOpensAt: c.at(-110, "10:00"),
      signupClosesAt: c.at(race - 6, "23:59"),
      minAge: 16,
      medicalCertificate: "competitive",
      federationCardRequired: true,
    }),
    appointments: [
      appointment({
        slug: "sprint",
        title: text("Triathlon sprint", "Sprint triathlon", "Sprint-Triathlon", "Triathlon sprint", "Triatlón sprint"),
        description: text(
          "750 m di nuoto, 20 km in bici su due giri, 5 km di corsa. Tempo massimo 2 ore.",
          "750 m swim, 20 km bike over two laps, 5 km run. 2-hour limit.",
          "750 m Schwimmen, 20 km Rad in zwei Runden, 5 km Laufen. Zeitlimit 2 Stunden.",
          "750 m de natation, 20 km de vélo en deux tours, 5 km de course. Barrière horaire à 2 heures.",
          "750 m de natación, 20 km de bici en dos vueltas, 5 km de carrera. Tiempo máximo 2 horas.",
        ),
        startsAt: c.at(race, "09:00"),
        endsAt: c.at(race, "11:00"),
        capacity: 500,
        placesTaken: 203,
        priceTiers: tiers([c.day(12), 6000], [c.day(race - 14), 7000], 8000),
      }),
      appointment({
        slug: "olimpico",
        title: text(
          "Triathlon olimpico",
          "Olympic triathlon",
          "Olympischer Triathlon",
          "Triathlon olympique",
          "Triatlón olímpico",
        ),
        description: text(
          "1.500 m di nuoto, 40 km in bici su quattro giri, 10 km di corsa. Tempo massimo 3 ore e 30 minuti.",
          "1,500 m swim, 40 km bike over four laps, 10 km run. Three-and-a-half-hour limit.",
          "1.500 m Schwimmen, 40 km Rad in vier Runden, 10 km Laufen. Zeitlimit dreieinhalb Stunden.",
          "1 500 m de natation, 40 km de vélo en quatre tours, 10 km de course. Barrière horaire à trois heures et demie.",
          "1.500 m de natación, 40 km de bici en cuatro vueltas, 10 km de carrera. Tiempo máximo tres horas y media.",
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
