import { MONDAY } from "./dates.ts";
import { appointment, type DemoEventBuilder, demoEvent, md, roomType, text, tiers } from "./model.ts";

/**
 * A youth summer camp that takes signups for the whole week (no appointments to pick), through the
 * one implicit appointment that "event" signup mode requires, with a lodge to sleep in.
 */
export const campMultisportMolveno: DemoEventBuilder = (c) => {
  const monday = c.next(MONDAY, 85);
  return {
    event: demoEvent({
      slug: "camp-multisport-molveno",
      sport: "multisport-camp",
      title: text(
        "Camp Multisport del Lago di Molveno",
        "Lake Molveno Multisport Camp",
        "Multisport-Camp am Molvenosee",
        "Camp multisport du lac de Molveno",
        "Campamento multideporte del lago de Molveno",
      ),
      summary: text(
        "Una settimana di canoa, vela, arrampicata e orienteering ai piedi delle Dolomiti di Brenta, per ragazzi dagli 8 ai 14 anni.",
        "A week of canoeing, sailing, climbing and orienteering below the Brenta Dolomites, for kids aged 8 to 14.",
        "Eine Woche Kanu, Segeln, Klettern und Orientierungslauf unter den Brenta-Dolomiten, für Kinder von 8 bis 14 Jahren.",
        "Une semaine de canoë, voile, escalade et course d'orientation au pied des Dolomites de Brenta, pour les 8-14 ans.",
        "Una semana de piragüismo, vela, escalada y orientación a los pies de las Dolomitas de Brenta, para chicos y chicas de 8 a 14 años.",
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
        md(
          "Eine Woche draußen am Ufer des **Molvenosees**, unter den Brenta-Dolomiten, für Mädchen und Jungen von 8 bis 14 Jahren (nach Geburtsjahr). Jeden Tag drei verschiedene Sportarten mit qualifizierten Trainern, in Altersgruppen.",
          "- **Vormittags**: Kanu, Segeln und Schwimmen am Lido, immer mit Ausbildern im Wasser.\n- **Nachmittags**: Klettern an der Wand, Orientierungslauf, Mountainbike und Mannschaftsspiele.\n- **Freitag**: eine Wanderung zu einer Berghütte, am Samstag ein Abschlussfest mit den Familien.",
          "Im Camp inbegriffen sind Mittagessen, Nachmittagssnack, T-Shirt und Versicherung. Familien von weiter weg können in der **Camp-Herberge** übernachten, wo unsere Betreuer auch nachts da sind; die Nächte werden zusammen mit der Anmeldung gebucht. Ein ärztliches Attest für nicht wettkampfmäßigen Sport ist nötig.",
        ),
        md(
          "Une semaine en plein air sur les rives du **lac de Molveno**, au pied des Dolomites de Brenta, pour les filles et les garçons de 8 à 14 ans (selon l'année de naissance). Chaque jour, trois sports différents avec des entraîneurs qualifiés, par groupes d'âge.",
          "- **Le matin** : canoë, voile et natation au lido, toujours avec des moniteurs dans l'eau.\n- **L'après-midi** : escalade sur mur, course d'orientation, VTT et jeux d'équipe.\n- **Vendredi** : randonnée jusqu'à un refuge, puis fête de clôture avec les familles le samedi.",
          "Le camp comprend le déjeuner, le goûter, un t-shirt et l'assurance. Les familles qui viennent de loin peuvent loger au **Gîte du camp**, où nos animateurs sont présents la nuit aussi ; les nuits se réservent avec l'inscription. Un certificat médical de non-contre-indication hors compétition est exigé.",
        ),
        md(
          "Una semana al aire libre a orillas del **lago de Molveno**, a los pies de las Dolomitas de Brenta, para chicas y chicos de 8 a 14 años (según el año de nacimiento). Cada día, tres deportes distintos con entrenadores titulados, por grupos de edad.",
          "- **Por la mañana**: piragüismo, vela y natación en el lido, siempre con monitores en el agua.\n- **Por la tarde**: escalada en rocódromo, orientación, bicicleta de montaña y juegos de equipo.\n- **Viernes**: excursión a un refugio de montaña, y el sábado fiesta de clausura con las familias.",
          "El campamento incluye comida, merienda, camiseta y seguro. Las familias que vienen de lejos pueden alojarse en el **Albergue del campamento**, donde nuestros monitores están también de noche; las noches se reservan junto con la inscripción. Se exige el certificado médico no competitivo.",
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
        "Zelte und ein Kanu am Ufer eines Bergsees, mit Lagerfeuer und Bergen im Hintergrund",
        "Des tentes et un canoë au bord d'un lac alpin, avec un feu de camp et des montagnes derrière",
        "Tiendas y una canoa a orillas de un lago alpino, con una hoguera y montañas detrás",
      ),
      signupOpensAt: c.at(-30, "09:00"),
      signupClosesAt: c.at(monday - 10, "23:59"),
      signupMode: "event",
      minAge: 8,
      maxAge: 14,
      ageRule: "birth-year",
      medicalCertificate: "non-competitive",
      federationCardRequired: false,
    }),
    appointments: [
      appointment({
        slug: "iscrizione",
        title: text(
          "Iscrizione al camp",
          "Camp signup",
          "Anmeldung zum Camp",
          "Inscription au camp",
          "Inscripción al campamento",
        ),
        description: text(
          "Tutta la settimana, dal lunedì alle 9:00 al sabato alle 16:00.",
          "The whole week, from Monday at 9 a.m. to Saturday at 4 p.m.",
          "Die ganze Woche, von Montag 9 Uhr bis Samstag 16 Uhr.",
          "Toute la semaine, du lundi 9 h au samedi 16 h.",
          "Toda la semana, del lunes a las 9:00 al sábado a las 16:00.",
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
        name: text("Casa Alpina del Camp", "Camp Lodge", "Camp-Herberge", "Gîte du camp", "Albergue del campamento"),
        description: text(
          "Casa per ferie a 200 metri dal lido, con camerate da sei letti per i ragazzi, seguite dagli educatori, e alcune camere per le famiglie. Cena, pernottamento e colazione inclusi.",
          "A holiday house 200 metres from the lido, with six-bed dorms for the kids, supervised by our youth workers, and a few rooms for families. Dinner, bed and breakfast included.",
          "Ein Ferienhaus 200 Meter vom Lido, mit Sechsbettzimmern für die Kinder, betreut von unseren Jugendbetreuern, und einigen Zimmern für Familien. Abendessen, Übernachtung und Frühstück inbegriffen.",
          "Une maison de vacances à 200 mètres du lido, avec des dortoirs de six lits pour les enfants, encadrés par nos animateurs, et quelques chambres pour les familles. Dîner, nuit et petit-déjeuner compris.",
          "Una casa de colonias a 200 metros del lido, con habitaciones de seis camas para los chicos, atendidas por nuestros monitores, y algunas habitaciones para familias. Cena, alojamiento y desayuno incluidos.",
        ),
        address: "Via Nazionale 7, 38018 Molveno TN",
        firstNight: c.day(monday - 1),
        lastNight: c.day(monday + 4),
        roomTypes: [
          roomType(
            text(
              "Posto letto in camerata (6 letti)",
              "Bed in a six-bed dorm",
              "Bett im Sechsbettzimmer",
              "Lit en dortoir de six",
              "Cama en habitación de seis",
            ),
            1,
            3900,
            48,
          ),
          roomType(
            text(
              "Camera famiglia (fino a 4 persone)",
              "Family room (up to 4 people)",
              "Familienzimmer (bis zu 4 Personen)",
              "Chambre familiale (jusqu'à 4 personnes)",
              "Habitación familiar (hasta 4 personas)",
            ),
            4,
            12000,
            6,
          ),
        ],
      },
    ],
  };
};
