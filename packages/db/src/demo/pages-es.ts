import { DEFAULT_HOLD_MINUTES, DEFAULT_PAYMENT_TERM_DAYS } from "@sports/domain";
import { md } from "./model.ts";
import { ORGANISER, ORGANISER_EMAIL_LINK, organiserAddress } from "./organiser.ts";

const address = organiserAddress("es-ES");

/** The editorial pages in Spanish, keyed by slug; what they say of signups is what the site does. */
export const PAGES_ES = {
  about: {
    title: "Quiénes somos",
    body: md(
      `${ORGANISER.name} nació de un grupo de corredores, ciclistas y entrenadores que llevan años organizando carreras y campamentos por toda Italia. Intentamos organizar cada evento como nos gustaría encontrarlo como participantes: recorridos bien señalizados, información clara y ninguna sorpresa el día de la carrera.`,
      "## Qué organizamos",
      "- **Carrera a pie**: trails de montaña, medias maratones urbanas, relevos y carreras nocturnas.\n- **Ciclismo**: gran fondos de carretera y maratones de BTT.\n- **Agua**: travesías en aguas abiertas y triatlones.\n- **Deportes de raqueta**: torneos de pádel y fines de semana de tenis.\n- **Campamentos**: semanas multideporte para chicas y chicos de 8 a 14 años.",
      "## Cómo trabajamos",
      "Cada evento tiene un director de carrera que conoce el recorrido palmo a palmo y al que encontrarás en la salida. Trabajamos con clubes, ayuntamientos y voluntarios locales, y parte de cada inscripción se queda en las comunidades que nos acogen.",
      "La seguridad es lo primero. Todos los recorridos cuentan con personal sanitario, radios y puestos de primeros auxilios; en las pruebas de natación hay un kayak de seguridad por cada veinte nadadores. Si el tiempo o el terreno no permiten correr con seguridad, acortamos el recorrido o aplazamos, y nunca tomamos esa decisión a la ligera.",
      "## Inscripciones sencillas",
      "En este sitio eliges el evento y la carrera, introduces los datos de los participantes, añades alojamiento si quieres y pagas en línea o por transferencia. Tus plazas se reservan mientras terminas la inscripción, para que nadie te las quite a medio camino. Tu cuenta muestra siempre tus inscripciones y lo que has pagado.",
      "## Contacto",
      `Escríbenos a ${ORGANISER_EMAIL_LINK} o llámanos al ${ORGANISER.phone}, de lunes a viernes de 9:00 a 13:00 (hora italiana).`,
      `${ORGANISER.legalName}, ${address}. NIF-IVA ${ORGANISER.vatNumber}.`,
    ),
  },
  privacy: {
    title: "Política de privacidad",
    body: md(
      `Esta política explica cómo ${ORGANISER.legalName} («nosotros») trata los datos personales de quienes usan este sitio y se inscriben en nuestros eventos, de acuerdo con el Reglamento General de Protección de Datos de la UE (RGPD).`,
      "## Responsable del tratamiento",
      `El responsable del tratamiento es ${ORGANISER.legalName}, ${address}, NIF-IVA ${ORGANISER.vatNumber}. Para cualquier cuestión sobre tu privacidad, escribe a ${ORGANISER_EMAIL_LINK}.`,
      "## Qué datos recogemos",
      "- **Datos de la cuenta**: nombre, correo electrónico y contraseña (guardada solo como hash seguro).\n- **Datos de los participantes**: fecha de nacimiento, sexo cuando la carrera lo requiere, club y número de licencia.\n- **Certificados médicos**: son datos de salud y reciben una protección especial (ver más abajo).\n- **Datos de pago**: importes y estado de los pagos. Los datos de la tarjeta van directamente al proveedor de pagos; nosotros nunca los vemos ni los guardamos.",
      "## Para qué los usamos",
      "Usamos tus datos para gestionar inscripciones, pagos y alojamiento, y para cumplir nuestras obligaciones legales (contabilidad y seguros). La base jurídica es el contrato que celebras al inscribirte; para los certificados médicos, nuestra obligación legal de comprobar la aptitud para participar. Nunca usamos tus datos con fines publicitarios sin tu consentimiento expreso.",
      "## Certificados médicos",
      "El certificado lo subes durante la inscripción, como archivo PDF, JPEG o PNG. Queda unido a tu inscripción, solo lo ves tú y el personal que comprueba la aptitud, y nunca se publica.",
      "## Cuánto tiempo los guardamos",
      "Los datos de la cuenta se guardan mientras la cuenta está activa. Las inscripciones y los pagos se guardan diez años, como exige la normativa fiscal italiana.",
      "## Cookies",
      "Este sitio solo usa cookies esenciales: una para tu sesión y otra para recordar tu idioma. No hay cookies publicitarias ni seguimiento de terceros.",
      "## Tus derechos",
      "Puedes pedir en cualquier momento ver, corregir o borrar tus datos, limitar su uso o recibirlos en un formato portable. Si crees que no se han respetado tus derechos, puedes reclamar ante la autoridad italiana de protección de datos (Garante per la protezione dei dati personali) o ante la de tu país de residencia.",
    ),
  },
  terms: {
    title: "Términos y condiciones",
    body: md(
      `Estos términos se aplican a las inscripciones hechas en este sitio en eventos organizados por ${ORGANISER.legalName}. Cada evento tiene además su propio reglamento, publicado en su página; si ambos difieren, prevalece el reglamento del evento.`,
      "## La inscripción",
      `La inscripción es personal y vale para la carrera, la sesión o el campamento que elijas. En cuanto empiezas, tus plazas quedan **reservadas durante un tiempo limitado**, normalmente ${DEFAULT_HOLD_MINUTES} minutos, indicado por la cuenta atrás; si la inscripción no se completa a tiempo, las plazas se liberan. Tu inscripción queda confirmada cuando llega tu pago, y te lo confirmamos por correo electrónico.`,
      "Al inscribirte confirmas que los datos que das son ciertos y que cada participante cumple los requisitos de edad, licencia y certificado médico del evento. Si el evento pide un certificado médico, lo subes durante la inscripción: sin él, la inscripción no se puede completar. Si inscribes a otras personas, como tu pareja de dobles, tu equipo de relevos o tu hijo, confirmas que tienes su consentimiento o el de quien sea responsable de ellas.",
      "## Precios y pago",
      `Los precios están en euros e incluyen el IVA cuando corresponde. Muchas carreras tienen **precios que suben al acercarse la fecha**: pagas el precio vigente el día en que empiezas la inscripción. Puedes pagar con tarjeta en la página del proveedor de pagos o por transferencia; con transferencia, tus plazas siguen reservadas durante el plazo de pago que indica el resumen, normalmente ${DEFAULT_PAYMENT_TERM_DAYS} días, y la inscripción caduca si la transferencia no ha llegado para entonces.`,
      "Si un pago con tarjeta llega después de que se liberaran tus plazas, la inscripción se confirma si aún quedan plazas; si no, el pago se reembolsa íntegramente.",
      "## Cancelar la inscripción",
      "- Una inscripción que aún no has pagado se puede abandonar en cualquier momento, desde tu cuenta.\n- Una inscripción pagada se puede cancelar desde tu cuenta hasta la fecha límite que fija el evento; algunos eventos no aceptan cancelaciones una vez pagados.\n- Hasta la fecha límite de reembolso del evento te devolvemos **todo lo que pagaste**, alojamiento incluido, al mismo medio de pago y **sin gastos**. Después, no se reembolsa nada.\n- Antes de que confirmes una cancelación, el sitio te dice qué se te reembolsará.",
      "Una inscripción no se puede ceder a otra persona: cancela la tuya y que la otra persona se inscriba.",
      "El derecho de desistimiento de 14 días de la normativa europea no se aplica a los servicios de ocio reservados para una fecha concreta, como carreras y campamentos.",
      "## Si cancelamos nosotros",
      "Si cancelamos un evento, te avisamos por correo electrónico y reembolsamos **el importe íntegro**, alojamiento incluido, al mismo medio de pago. Si el recorrido o los horarios cambian por motivos de seguridad, tu inscripción sigue siendo válida y te avisamos por correo electrónico.",
      "## Responsabilidad",
      "Participas bajo tu propia responsabilidad, respetando el reglamento y las indicaciones de nuestro personal. Cada evento está cubierto por un seguro de responsabilidad civil; el seguro de accidentes personal es el de tu licencia federativa, cuando se exige.",
    ),
  },
  faq: {
    title: "Preguntas frecuentes",
    body: md(
      "## ¿Cómo me inscribo?",
      "Inicia sesión (o crea una cuenta), abre la página del evento, elige la carrera o la sesión y pulsa **Inscribirse**. Introduce los datos de los participantes, añade alojamiento si quieres, revisa el resumen y paga. Los campamentos se reservan para toda la semana, así que no hay sesión que elegir.",
      "## ¿Puedo inscribir a otra persona?",
      "Sí. En los torneos de dobles y en los relevos, una inscripción cubre a toda la pareja o el equipo; en los campamentos, inscribes a tu hijo con los datos de uno de los padres. Cada participante debe cumplir igualmente los requisitos del evento.",
      "## ¿Qué certificado médico necesito?",
      "Depende del evento, y su página te dice cuál:\n\n- **de competición**: para carreras cronometradas con clasificación, expedido por un médico deportivo para el deporte correspondiente;\n- **no competitivo**: para pruebas recreativas y campamentos, expedido por tu médico de cabecera o pediatra;\n- **ninguno**: para algunas actividades de iniciación.",
      "El certificado lo subes durante la inscripción (un archivo PDF, JPEG o PNG) junto con su fecha de caducidad: sin él la inscripción no sigue adelante, y el certificado tiene que seguir vigente el día de la carrera.",
      "## ¿Cuánto tiempo me guardáis las plazas?",
      `Desde que empiezas, normalmente ${DEFAULT_HOLD_MINUTES} minutos: la cuenta atrás en la parte superior de la inscripción muestra el tiempo que queda. Si eliges pagar por transferencia, tus plazas siguen reservadas durante el plazo de pago del evento, normalmente ${DEFAULT_PAYMENT_TERM_DAYS} días.`,
      "## ¿Cómo puedo pagar?",
      "Con tarjeta de crédito o débito, en la página segura del proveedor de pagos, o por transferencia; el resumen muestra los medios que acepta el evento. El total se calcula en el resumen e incluye a todos los participantes y el alojamiento, si lo hay.",
      "## Cerré la página mientras pagaba. ¿He perdido mi plaza?",
      "Tus plazas siguen reservadas hasta que termina la cuenta atrás. Si el pago se completó, recibirás igualmente el correo de confirmación; si llega después de que se acabe el tiempo, confirmamos tu inscripción si quedan plazas y, si no, te reembolsamos íntegramente.",
      "## ¿Puedo cancelar y recuperar el dinero?",
      "Una inscripción sin pagar se puede abandonar en cualquier momento. Una pagada se cancela desde tu cuenta hasta la fecha límite del evento: hasta su fecha límite de reembolso te devolvemos todo lo que pagaste, sin gastos, y después nada. El sitio te muestra el importe antes de que confirmes. Los términos y condiciones tienen todos los detalles.",
      "## ¿Puedo ceder mi inscripción a otra persona?",
      "No, una inscripción no se puede ceder. Cancela la tuya y deja que la otra persona se inscriba.",
      "## ¿Cómo funciona el alojamiento?",
      "Algunos eventos ofrecen un hotel o albergue asociado: durante la inscripción eliges el tipo de habitación y las noches que necesitas. Los precios son por habitación y noche, y la descripción indica qué incluye, como el desayuno. El alojamiento forma parte de la inscripción: se cancela y se reembolsa con ella.",
    ),
  },
} as const;
