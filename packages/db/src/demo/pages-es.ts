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
      "Cada evento tiene un director de carrera que conoce el recorrido palmo a palmo y al que encontrará en la salida. Trabajamos con clubes, ayuntamientos y voluntarios locales, y parte de cada inscripción se queda en las comunidades que nos acogen.",
      "La seguridad es lo primero. Todos los recorridos cuentan con personal sanitario, radios y puestos de primeros auxilios; en las pruebas de natación hay un kayak de seguridad por cada veinte nadadores. Si el tiempo o el terreno no permiten correr con seguridad, acortamos el recorrido o aplazamos, y nunca tomamos esa decisión a la ligera.",
      "## Inscripciones sencillas",
      "En este sitio usted elige el evento y la carrera, introduce los datos de los participantes, añade alojamiento si lo desea y paga en línea o por transferencia. Sus plazas se reservan mientras termina la inscripción, para que nadie se las quite a medio camino. Su cuenta muestra siempre sus inscripciones y lo que ha pagado.",
      "## Contacto",
      `Escríbanos a ${ORGANISER_EMAIL_LINK} o llámenos al ${ORGANISER.phone}, de lunes a viernes de 9:00 a 13:00 (hora italiana).`,
      `${ORGANISER.legalName}, ${address}. NIF-IVA ${ORGANISER.vatNumber}.`,
    ),
  },
  privacy: {
    title: "Política de privacidad",
    body: md(
      `Esta política explica cómo ${ORGANISER.legalName} («nosotros») trata los datos personales de quienes usan este sitio y se inscriben en nuestros eventos, de acuerdo con el Reglamento General de Protección de Datos de la UE (RGPD).`,
      "## Responsable del tratamiento",
      `El responsable del tratamiento es ${ORGANISER.legalName}, ${address}, NIF-IVA ${ORGANISER.vatNumber}. Para cualquier cuestión sobre su privacidad, escriba a ${ORGANISER_EMAIL_LINK}.`,
      "## Qué datos recogemos",
      "- **Datos de la cuenta**: nombre, correo electrónico y contraseña (guardada solo como hash seguro).\n- **Datos de los participantes**: fecha de nacimiento, sexo cuando la carrera lo requiere, club y número de licencia.\n- **Certificados médicos**: son datos de salud y reciben una protección especial (ver más abajo).\n- **Datos de pago**: importes y estado de los pagos. Los datos de la tarjeta van directamente al proveedor de pagos; nosotros nunca los vemos ni los guardamos.",
      "## Para qué los usamos",
      "Usamos sus datos para gestionar inscripciones, pagos y alojamiento, y para cumplir nuestras obligaciones legales (contabilidad y seguros). La base jurídica es el contrato que usted celebra al inscribirse; para los certificados médicos, nuestra obligación legal de comprobar la aptitud para participar. Nunca usamos sus datos con fines publicitarios sin su consentimiento expreso.",
      "## Certificados médicos",
      "El certificado lo sube durante la inscripción, como archivo PDF, JPEG o PNG. Queda unido a su inscripción, solo lo ven usted y el personal que comprueba la aptitud, y nunca se publica.",
      "## Cuánto tiempo los guardamos",
      "Los datos de la cuenta se guardan mientras la cuenta está activa. Las inscripciones y los pagos se guardan diez años, como exige la normativa fiscal italiana.",
      "## Cookies",
      "Este sitio solo usa cookies esenciales: una para su sesión y otra para recordar su idioma. No hay cookies publicitarias ni seguimiento de terceros.",
      "## Sus derechos",
      "Puede pedir en cualquier momento ver, corregir o borrar sus datos, limitar su uso o recibirlos en un formato portable. Si cree que no se han respetado sus derechos, puede reclamar ante la autoridad italiana de protección de datos (Garante per la protezione dei dati personali) o ante la de su país de residencia.",
    ),
  },
  terms: {
    title: "Términos y condiciones",
    body: md(
      `Estos términos se aplican a las inscripciones hechas en este sitio en eventos organizados por ${ORGANISER.legalName}. Cada evento tiene además su propio reglamento, publicado en su página; si ambos difieren, prevalece el reglamento del evento.`,
      "## La inscripción",
      `La inscripción es personal y vale para la carrera, la sesión o el campamento que elija. En cuanto empieza, sus plazas quedan **reservadas durante un tiempo limitado**, normalmente ${DEFAULT_HOLD_MINUTES} minutos, indicado por la cuenta atrás; si la inscripción no se completa a tiempo, las plazas se liberan. Su inscripción queda confirmada cuando llega su pago, y se lo confirmamos por correo electrónico.`,
      "Al inscribirse confirma que los datos que da son ciertos y que cada participante cumple los requisitos de edad, licencia y certificado médico del evento. Si el evento pide un certificado médico, lo sube durante la inscripción: sin él, la inscripción no se puede completar. Si inscribe a otras personas, como su pareja de dobles, su equipo de relevos o su hijo, confirma que tiene su consentimiento o el de quien sea responsable de ellas.",
      "## Precios y pago",
      `Los precios están en euros e incluyen el IVA cuando corresponde. Muchas carreras tienen **precios que suben al acercarse la fecha**: paga el precio vigente el día en que empieza la inscripción. Puede pagar con tarjeta en la página del proveedor de pagos o por transferencia; con transferencia, sus plazas siguen reservadas durante el plazo de pago que indica el resumen, normalmente ${DEFAULT_PAYMENT_TERM_DAYS} días, y la inscripción caduca si la transferencia no ha llegado para entonces.`,
      "Si un pago con tarjeta llega después de que se liberaran sus plazas, la inscripción se confirma si aún quedan plazas; si no, el pago se reembolsa íntegramente.",
      "## Cancelar la inscripción",
      "- Una inscripción que aún no ha pagado se puede abandonar en cualquier momento, desde su cuenta.\n- Una inscripción pagada se puede cancelar desde su cuenta hasta la fecha límite que fija el evento; algunos eventos no aceptan cancelaciones una vez pagados.\n- Hasta la fecha límite de reembolso del evento le devolvemos **todo lo que pagó**, alojamiento incluido, al mismo medio de pago y **sin gastos**. Después, no se reembolsa nada.\n- Antes de que confirme una cancelación, el sitio le dice qué se le reembolsará.",
      "Una inscripción no se puede ceder a otra persona: cancele la suya y que la otra persona se inscriba.",
      "El derecho de desistimiento de 14 días de la normativa europea no se aplica a los servicios de ocio reservados para una fecha concreta, como carreras y campamentos.",
      "## Si cancelamos nosotros",
      "Si cancelamos un evento, le avisamos por correo electrónico y reembolsamos **el importe íntegro**, alojamiento incluido, al mismo medio de pago. Si el recorrido o los horarios cambian por motivos de seguridad, su inscripción sigue siendo válida y le avisamos por correo electrónico.",
      "## Responsabilidad",
      "Usted participa bajo su propia responsabilidad, respetando el reglamento y las indicaciones de nuestro personal. Cada evento está cubierto por un seguro de responsabilidad civil; el seguro de accidentes personal es el de su licencia federativa, cuando se exige.",
    ),
  },
  faq: {
    title: "Preguntas frecuentes",
    body: md(
      "## ¿Cómo me inscribo?",
      "Inicie sesión (o cree una cuenta), abra la página del evento, elija la carrera o la sesión y pulse **Inscribirse**. Introduzca los datos de los participantes, añada alojamiento si lo desea, revise el resumen y pague. Los campamentos se reservan para toda la semana, así que no hay sesión que elegir.",
      "## ¿Puedo inscribir a otra persona?",
      "Sí. En los torneos de dobles y en los relevos, una inscripción cubre a toda la pareja o el equipo; en los campamentos, inscribe a su hijo con los datos de uno de los padres. Cada participante debe cumplir igualmente los requisitos del evento.",
      "## ¿Qué certificado médico necesito?",
      "Depende del evento, y su página le dice cuál:\n\n- **de competición**: para carreras cronometradas con clasificación, expedido por un médico deportivo para el deporte correspondiente;\n- **no competitivo**: para pruebas recreativas y campamentos, expedido por su médico de cabecera o pediatra;\n- **ninguno**: para algunas actividades de iniciación.",
      "El certificado lo sube durante la inscripción (un archivo PDF, JPEG o PNG) junto con su fecha de caducidad: sin él la inscripción no sigue adelante, y el certificado tiene que seguir vigente el día de la carrera.",
      "## ¿Cuánto tiempo se guardan mis plazas?",
      `Desde que empieza, normalmente ${DEFAULT_HOLD_MINUTES} minutos: la cuenta atrás en la parte superior de la inscripción muestra el tiempo que queda. Si elige pagar por transferencia, sus plazas siguen reservadas durante el plazo de pago del evento, normalmente ${DEFAULT_PAYMENT_TERM_DAYS} días.`,
      "## ¿Cómo puedo pagar?",
      "Con tarjeta de crédito o débito, en la página segura del proveedor de pagos, o por transferencia; el resumen muestra los medios que acepta el evento. El total se calcula en el resumen e incluye a todos los participantes y el alojamiento, si lo hay.",
      "## Cerré la página mientras pagaba. ¿He perdido mi plaza?",
      "Sus plazas siguen reservadas hasta que termina la cuenta atrás. Si el pago se completó, recibirá igualmente el correo de confirmación; si llega después de que se acabe el tiempo, confirmamos su inscripción si quedan plazas y, si no, le reembolsamos íntegramente.",
      "## ¿Puedo cancelar y recuperar el dinero?",
      "Una inscripción sin pagar se puede abandonar en cualquier momento. Una pagada se cancela desde su cuenta hasta la fecha límite del evento: hasta su fecha límite de reembolso le devolvemos todo lo que pagó, sin gastos, y después nada. El sitio le muestra el importe antes de que confirme. Los términos y condiciones tienen todos los detalles.",
      "## ¿Puedo ceder mi inscripción a otra persona?",
      "No, una inscripción no se puede ceder. Cancele la suya y deje que la otra persona se inscriba.",
      "## ¿Cómo funciona el alojamiento?",
      "Algunos eventos ofrecen un hotel o albergue asociado: durante la inscripción elige el tipo de habitación y las noches que necesita. Los precios son por habitación y noche, y la descripción indica qué incluye, como el desayuno. El alojamiento forma parte de la inscripción: se cancela y se reembolsa con ella.",
    ),
  },
} as const;
