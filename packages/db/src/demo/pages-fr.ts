import { DEFAULT_HOLD_MINUTES, DEFAULT_PAYMENT_TERM_DAYS } from "@sports/domain";
import { md } from "./model.ts";
import { ORGANISER, ORGANISER_EMAIL_LINK, organiserAddress } from "./organiser.ts";

const address = organiserAddress("fr-FR");

/** The editorial pages in French, keyed by slug; what they say of signups is what the site does. */
export const PAGES_FR = {
  about: {
    title: "Qui sommes-nous",
    body: md(
      `${ORGANISER.name} est né d'un groupe de coureurs, de cyclistes et d'entraîneurs qui organisent depuis des années des courses et des camps partout en Italie. Nous essayons d'organiser chaque événement comme nous aimerions le trouver en tant que participants : des parcours bien balisés, des informations claires et aucune surprise le matin de la course.`,
      "## Ce que nous organisons",
      "- **Course à pied** : trails en montagne, semi-marathons en ville, relais et courses en soirée.\n- **Cyclisme** : granfondos sur route et marathons VTT.\n- **Eau** : nage en eau libre et triathlons.\n- **Sports de raquette** : tournois de padel et week-ends de tennis.\n- **Camps** : semaines multisport pour les filles et les garçons de 8 à 14 ans.",
      "## Notre façon de travailler",
      "Chaque événement a un directeur de course qui connaît le parcours mètre par mètre et que vous trouverez au départ. Nous travaillons avec les clubs, les communes et les bénévoles locaux, et une part de chaque inscription reste aux communautés qui nous accueillent.",
      "La sécurité d'abord. Chaque parcours compte du personnel médical, des radios et des postes de secours ; en natation, un kayak de sécurité accompagne chaque groupe de vingt nageurs. Si la météo ou le terrain rendent la course dangereuse, nous raccourcissons le parcours ou reportons, et nous ne prenons jamais cette décision à la légère.",
      "## Des inscriptions simples",
      "Sur ce site, vous choisissez l'événement et la course, saisissez les données des participants, ajoutez un hébergement si vous le souhaitez et payez en ligne ou par virement. Vos places sont réservées pendant que vous terminez l'inscription, pour que personne ne vous les prenne en chemin. Votre compte montre toujours vos inscriptions et ce que vous avez payé.",
      "## Nous contacter",
      `Écrivez-nous à ${ORGANISER_EMAIL_LINK} ou appelez le ${ORGANISER.phone}, du lundi au vendredi de 9 h à 13 h (heure italienne).`,
      `${ORGANISER.legalName}, ${address}. Numéro de TVA ${ORGANISER.vatNumber}.`,
    ),
  },
  privacy: {
    title: "Politique de confidentialité",
    body: md(
      `Cette politique explique comment ${ORGANISER.legalName} (« nous ») traite les données personnelles des personnes qui utilisent ce site et s'inscrivent à nos événements, conformément au Règlement général sur la protection des données (RGPD).`,
      "## Responsable du traitement",
      `Le responsable du traitement est ${ORGANISER.legalName}, ${address}, numéro de TVA ${ORGANISER.vatNumber}. Pour toute question sur vos données, écrivez à ${ORGANISER_EMAIL_LINK}.`,
      "## Ce que nous collectons",
      "- **Données du compte** : nom, adresse e-mail et mot de passe (conservé uniquement sous forme de hachage sécurisé).\n- **Données des participants** : date de naissance, sexe quand la course l'exige, club et numéro de licence.\n- **Certificats médicaux** : ce sont des données de santé, protégées avec un soin particulier (voir ci-dessous).\n- **Données de paiement** : montants et état des paiements. Les données de carte vont directement au prestataire de paiement ; nous ne les voyons ni ne les conservons.",
      "## Pourquoi nous les utilisons",
      "Nous utilisons vos données pour gérer les inscriptions, les paiements et l'hébergement, et pour remplir nos obligations légales (comptabilité et assurance). La base juridique est le contrat conclu lors de l'inscription ; pour les certificats médicaux, notre obligation légale de vérifier l'aptitude à participer. Nous n'utilisons jamais vos données à des fins publicitaires sans votre consentement explicite.",
      "## Certificats médicaux",
      "Vous déposez le certificat pendant l'inscription, en fichier PDF, JPEG ou PNG. Il reste lié à votre inscription, seuls vous et le personnel qui vérifie l'aptitude le voient, et il n'est jamais publié.",
      "## Durée de conservation",
      "Les données du compte sont conservées tant que le compte est actif. Les inscriptions et les paiements sont conservés dix ans, comme l'exige le droit fiscal italien.",
      "## Cookies",
      "Ce site n'utilise que des cookies essentiels : un pour votre session et un pour mémoriser votre langue. Aucun cookie publicitaire ni suivi par des tiers.",
      "## Vos droits",
      "Vous pouvez à tout moment demander à consulter, corriger ou supprimer vos données, à en limiter l'usage ou à les recevoir dans un format portable. Si vous estimez que vos droits n'ont pas été respectés, vous pouvez saisir l'autorité italienne de protection des données (Garante per la protezione dei dati personali) ou celle de votre pays de résidence.",
    ),
  },
  terms: {
    title: "Conditions générales",
    body: md(
      `Ces conditions s'appliquent aux inscriptions faites sur ce site aux événements organisés par ${ORGANISER.legalName}. Chaque événement a aussi son propre règlement, publié sur sa page ; en cas de différence, le règlement de l'événement prévaut.`,
      "## L'inscription",
      `Une inscription est personnelle et vaut pour la course, la séance ou le camp choisi. Dès que vous commencez, vos places sont **réservées pour un temps limité**, en général ${DEFAULT_HOLD_MINUTES} minutes, indiqué par le compte à rebours ; si l'inscription n'est pas terminée à temps, les places sont libérées. Votre inscription est confirmée à l'arrivée de votre paiement, et nous vous la confirmons par e-mail.`,
      "En vous inscrivant, vous confirmez que vos informations sont exactes et que chaque participant remplit les conditions d'âge, de licence et de certificat médical de l'événement. Si l'événement demande un certificat médical, vous le déposez pendant l'inscription : sans lui, l'inscription ne peut pas être terminée. Si vous inscrivez d'autres personnes, comme votre partenaire de double, votre équipe de relais ou votre enfant, vous confirmez avoir leur accord ou celui de la personne qui en est responsable.",
      "## Prix et paiement",
      `Les prix sont en euros, TVA comprise le cas échéant. Beaucoup de courses ont des **prix qui augmentent à l'approche de la date** : vous payez le prix en vigueur le jour où vous commencez l'inscription. Vous pouvez payer par carte sur la page du prestataire de paiement, ou par virement ; avec un virement, vos places restent réservées pendant le délai de paiement indiqué dans le récapitulatif, en général ${DEFAULT_PAYMENT_TERM_DAYS} jours, et l'inscription expire si le virement n'est pas arrivé à cette date.`,
      "Si un paiement par carte arrive après la libération de vos places, l'inscription est confirmée s'il reste des places ; sinon, le paiement est intégralement remboursé.",
      "## Annuler votre inscription",
      "- Une inscription pas encore payée peut être abandonnée à tout moment, depuis votre compte.\n- Une inscription payée peut être annulée depuis votre compte jusqu'à la date limite fixée par l'événement ; certains événements n'acceptent plus d'annulation une fois le paiement fait.\n- Jusqu'à la date limite de remboursement de l'événement, vous récupérez **tout ce que vous avez payé**, hébergement compris, sur le même moyen de paiement et **sans frais**. Après, rien n'est remboursé.\n- Avant que vous confirmiez une annulation, le site vous indique ce qui sera remboursé.",
      "Une inscription ne peut pas être cédée à une autre personne : annulez la vôtre, et l'autre personne s'inscrit.",
      "Le droit de rétractation de 14 jours prévu par le droit européen ne s'applique pas aux services de loisirs réservés pour une date précise, comme les courses et les camps.",
      "## Si nous annulons",
      "Si nous annulons un événement, nous vous prévenons par e-mail et remboursons **l'intégralité du montant**, hébergement compris, sur le même moyen de paiement. Si le parcours ou les horaires changent pour des raisons de sécurité, votre inscription reste valable et nous vous prévenons par e-mail.",
      "## Responsabilité",
      "Vous participez sous votre propre responsabilité, en respectant le règlement et les consignes de notre personnel. Chaque événement est couvert par une assurance responsabilité civile ; l'assurance accident individuelle est celle de votre licence, lorsqu'elle est exigée.",
    ),
  },
  faq: {
    title: "Questions fréquentes",
    body: md(
      "## Comment m'inscrire ?",
      "Connectez-vous (ou créez un compte), ouvrez la page de l'événement, choisissez la course ou la séance et appuyez sur **S'inscrire**. Saisissez les données des participants, ajoutez un hébergement si vous le souhaitez, vérifiez le récapitulatif et payez. Les camps se réservent pour toute la semaine : il n'y a pas de séance à choisir.",
      "## Puis-je inscrire quelqu'un d'autre ?",
      "Oui. Pour les tournois en double et les relais, une inscription couvre toute la paire ou l'équipe ; pour les camps, vous inscrivez votre enfant avec les coordonnées d'un parent. Chaque participant doit tout de même remplir les conditions de l'événement.",
      "## Quel certificat médical me faut-il ?",
      "Cela dépend de l'événement, et sa page vous l'indique :\n\n- **compétition** : pour les courses chronométrées avec classement, délivré par un médecin du sport pour le bon sport ;\n- **hors compétition** : pour les manifestations de loisir et les camps, délivré par votre médecin traitant ou votre pédiatre ;\n- **aucun** : pour quelques activités de découverte.",
      "Vous déposez le certificat pendant l'inscription (un fichier PDF, JPEG ou PNG) avec sa date d'expiration : sans lui, l'inscription ne peut pas continuer, et le certificat doit encore être valable le jour de la course.",
      "## Combien de temps mes places sont-elles réservées ?",
      `À partir du moment où vous commencez, en général ${DEFAULT_HOLD_MINUTES} minutes : le compte à rebours en haut de l'inscription montre le temps restant. Si vous choisissez de payer par virement, vos places restent réservées pendant le délai de paiement de l'événement, en général ${DEFAULT_PAYMENT_TERM_DAYS} jours.`,
      "## Comment puis-je payer ?",
      "Par carte de crédit ou de débit, sur la page sécurisée du prestataire de paiement, ou par virement ; le récapitulatif indique les moyens acceptés par l'événement. Le total est calculé dans le récapitulatif et comprend tous les participants et l'éventuel hébergement.",
      "## J'ai fermé la page pendant le paiement. Ai-je perdu ma place ?",
      "Vos places restent réservées jusqu'à la fin du compte à rebours. Si le paiement est passé, vous recevrez quand même l'e-mail de confirmation ; s'il arrive après la fin du délai, nous confirmons votre inscription s'il reste des places, et sinon nous vous remboursons intégralement.",
      "## Puis-je annuler et être remboursé ?",
      "Une inscription non payée peut être abandonnée à tout moment. Une inscription payée s'annule depuis votre compte jusqu'à la date limite de l'événement : jusqu'à sa date limite de remboursement, vous récupérez tout ce que vous avez payé, sans frais, et rien après. Le site vous montre le montant avant que vous confirmiez. Les conditions générales donnent tous les détails.",
      "## Puis-je céder mon inscription à quelqu'un d'autre ?",
      "Non, une inscription ne se cède pas. Annulez la vôtre et laissez l'autre personne s'inscrire.",
      "## Comment fonctionne l'hébergement ?",
      "Certains événements proposent un hôtel ou un gîte partenaire : pendant l'inscription, vous choisissez un type de chambre et les nuits dont vous avez besoin. Les prix s'entendent par chambre et par nuit, et la description précise ce qui est compris, comme le petit-déjeuner. L'hébergement fait partie de l'inscription : il est annulé et remboursé avec elle.",
    ),
  },
} as const;
