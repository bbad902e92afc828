import type { Locale } from "@sports/domain";

/** The mails' words in the five languages, read by templates.ts. */

/** The site's name as mails show it. */
export const SITE_NAME = "Sport Events";

/** The words every account mail of one language shares, and the three mails' own texts. */
export interface Copy {
  hello: string;
  /** The greeting with a name, e.g. "Hi Anna,". */
  greet(name: string): string;
  linkHint: string;
  /** What ends the line before the plain-text link: ":" (with a no-break space before it in French). */
  colon: string;
  signature: string;
  footer: string;
  minutes: { one: string; other: string };
  verification: { subject: string; intro: string; button: string; ignore: string };
  reset: { subject: string; intro: string; button: string; validFor(duration: string): string; ignore: string };
  changed: { subject: string; intro: string; wasYou: string; notYou: string };
  /** What a signup is for, in its mails: the day, the start, the place and the lodging booked. */
  details: {
    date(date: string): string;
    start(time: string): string;
    place(place: string): string;
    stay(room: string, stay: string, nights: string, rooms: string, guests: string): string;
    nights(from: string, to: string): string;
    noStay: string;
    rooms: { one: string; other: string };
    guests: { one: string; other: string };
  };
  awaitingPayment: {
    subject(what: string): string;
    intro(what: string): string;
    amount(amount: string): string;
    deadline(deadline: string): string;
    button: string;
  };
  /** The organiser's word on a participant's medical certificate. */
  waitingList: {
    /** A place came back and is held for the first in line until `until`. */
    offerSubject(what: string): string;
    offer(what: string, until: string): string;
    offerButton: string;
    /** Signups opened on an appointment the runner asked to hear about ("notify me"). */
    openedSubject(what: string): string;
    opened(what: string): string;
    openedButton: string;
  };
  certificate: {
    approvedSubject(what: string): string;
    approved(person: string, what: string): string;
    rejectedSubject(what: string): string;
    rejected(person: string, what: string): string;
    reason(reason: string): string;
    again: string;
    button: string;
    /** A reminder: the certificate is still missing, or was not accepted, and the race is near. */
    reminderSubject(what: string): string;
    reminder(person: string, what: string, days: number): string;
    reminderUpload: string;
  };
  payment: {
    confirmedSubject(what: string): string;
    confirmedIntro(what: string): string;
    reference(reference: string): string;
    paid(amount: string, when: string): string;
    /** One participant's ticket: what the QR code beside it holds, to show at the check-in desk. */
    ticket(name: string, code: string): string;
    ticketHint: string;
    refundSubject(what: string): string;
    lateRefund(what: string, amount: string): string;
    /** A transfer's fee that arrived when the transfer could no longer be made (decision 028). */
    transferRefund(what: string, amount: string): string;
    cancelRefund(what: string, amount: string): string;
    cancelNoRefund(what: string): string;
    byTransfer: string;
    button: string;
  };
}

/**
 * "il 5 giugno", "dal 5 giugno", but "l'8 giugno", "dall'8 giugno" and "all'11 giugno": the article
 * elides before a vowel sound, and of the days of a month 1 (uno), 8 (otto) and 11 (undici) start with one.
 */
function elided(article: "il" | "dal" | "al", day: string): string {
  if (!/^(1|8|11)(?!\d)/.test(day)) return `${article} ${day}`;
  return article === "il" ? `l'${day}` : `${article}l'${day}`;
}

export const COPY: Record<Locale, Copy> = {
  "it-IT": {
    hello: "Ciao,",
    greet: (name) => `Ciao ${name},`,
    linkHint: "Se il pulsante non funziona, copia questo indirizzo nel browser:",
    colon: ":",
    signature: `Il team di ${SITE_NAME}`,
    footer: `Questo è un messaggio automatico di ${SITE_NAME} sul tuo account.`,
    minutes: { one: "minuto", other: "minuti" },
    verification: {
      subject: "Conferma il tuo indirizzo email",
      intro: `Conferma che questo indirizzo email è tuo. Te lo chiediamo quando crei un account su ${SITE_NAME} o quando cambi l'indirizzo email del tuo account.`,
      button: "Conferma l'indirizzo email",
      ignore: "Se non hai creato un account né cambiato indirizzo, puoi ignorare questa email.",
    },
    reset: {
      subject: "Reimposta la tua password",
      intro: `Abbiamo ricevuto una richiesta di reimpostare la password del tuo account ${SITE_NAME}. Fai clic sul pulsante qui sotto per sceglierne una nuova.`,
      button: "Scegli una nuova password",
      validFor: (duration) => `Il link è valido per ${duration}.`,
      ignore: "Se non l'hai chiesto tu, ignora questa email: la tua password resta invariata.",
    },
    awaitingPayment: {
      subject: (what) => `Iscrizione in attesa di pagamento: ${what}`,
      intro: (what) =>
        `abbiamo ricevuto la tua iscrizione a ${what}. I posti restano riservati per te fino al pagamento.`,
      amount: (amount) => `Importo: ${amount}.`,
      deadline: (deadline) => `Paga entro ${deadline}: dopo, l'iscrizione scade e i posti tornano disponibili.`,
      button: "Vedi la tua iscrizione",
    },
    waitingList: {
      offerSubject: (what) => `Si è liberato un posto: ${what}`,
      offer: (what, until) =>
        `si è liberato un posto per ${what} ed è tuo: lo teniamo per te fino a ${until}. Completa l'iscrizione entro allora, altrimenti passa al prossimo in lista.`,
      offerButton: "Completa l'iscrizione",
      openedSubject: (what) => `Iscrizioni aperte: ${what}`,
      opened: (what) =>
        `le iscrizioni a ${what} sono aperte. Ci avevi chiesto di avvisarti: i posti vanno a chi si iscrive per primo.`,
      openedButton: "Iscriviti ora",
    },
    certificate: {
      approvedSubject: (what) => `Certificato medico approvato: ${what}`,
      approved: (person, what) => `l'organizzatore ha approvato il certificato medico di ${person} per ${what}.`,
      rejectedSubject: (what) => `Certificato medico da rifare: ${what}`,
      rejected: (person, what) => `l'organizzatore non ha accettato il certificato medico di ${person} per ${what}.`,
      reason: (reason) => `Motivo: ${reason}`,
      again: "Puoi caricare un nuovo certificato dalla tua iscrizione.",
      button: "Vedi la tua iscrizione",
      reminderSubject: (what) => `Manca il certificato medico: ${what}`,
      reminder: (person, what, days) =>
        `mancano ${days === 1 ? "un giorno" : `${days} giorni`} a ${what} e il certificato medico di ${person} non c'è ancora.`,
      reminderUpload: "Caricalo dalle tue iscrizioni: senza certificato non si può partire.",
    },
    payment: {
      confirmedSubject: (what) => `Iscrizione confermata: ${what}`,
      confirmedIntro: (what) => `abbiamo ricevuto il tuo pagamento: la tua iscrizione a ${what} è confermata.`,
      reference: (reference) => `Riferimento: ${reference}.`,
      paid: (amount, when) => `Pagato: ${amount}, ${elided("il", when)}.`,
      ticket: (name, code) => `Biglietto di ${name}: ${code}.`,
      ticketHint: "Mostra il codice QR (o il codice) all'accoglienza il giorno della gara.",
      refundSubject: (what) => `Rimborso per ${what}`,
      lateRefund: (what, amount) =>
        `il tuo pagamento per ${what} è arrivato dopo la scadenza della prenotazione dei posti, e nel frattempo i posti sono finiti. Ti rimborsiamo ${amount}.`,
      transferRefund: (what, amount) =>
        `il costo della cessione del posto per ${what} è arrivato quando la cessione non era più possibile, quindi il posto non è stato ceduto. Ti rimborsiamo ${amount}.`,
      cancelRefund: (what, amount) => `la tua iscrizione a ${what} è annullata. Ti rimborsiamo ${amount}.`,
      cancelNoRefund: (what) =>
        `la tua iscrizione a ${what} è annullata. Secondo le regole dell'evento, a questa data non è previsto un rimborso.`,
      byTransfer: "L'organizzatore ti restituirà l'importo con un bonifico.",
      button: "Vedi la tua iscrizione",
    },
    details: {
      date: (date) => `Data: ${date}.`,
      start: (time) => `Partenza: ore ${time}.`,
      place: (place) => `Luogo: ${place}.`,
      stay: (room, stay, nights, rooms, guests) => `Alloggio: ${room}, ${stay}, ${nights}, ${rooms}, ${guests}.`,
      nights: (from, to) => `${elided("dal", from)} ${elided("al", to)}`,
      noStay: "Alloggio: nessuno prenotato.",
      rooms: { one: "camera", other: "camere" },
      guests: { one: "ospite", other: "ospiti" },
    },
    changed: {
      subject: "La tua password è stata cambiata",
      intro: `La password del tuo account ${SITE_NAME} è stata cambiata.`,
      wasYou: "Se l'hai cambiata tu, non devi fare altro.",
      notYou:
        "Se non l'hai cambiata tu, qualcun altro potrebbe avere accesso al tuo account: reimposta subito la password con «Password dimenticata?» nella pagina di accesso e controlla l'indirizzo email del tuo account.",
    },
  },
  "en-US": {
    hello: "Hi,",
    greet: (name) => `Hi ${name},`,
    linkHint: "If the button does not work, copy this address into your browser:",
    colon: ":",
    signature: `The ${SITE_NAME} team`,
    footer: `This is an automatic message from ${SITE_NAME} about your account.`,
    minutes: { one: "minute", other: "minutes" },
    verification: {
      subject: "Confirm your e-mail address",
      intro: `Please confirm that this e-mail address is yours. We ask for this when a new account is created on ${SITE_NAME} or when the e-mail address of an account is changed.`,
      button: "Confirm e-mail address",
      ignore: "If you did not create an account or change your address, you can ignore this mail.",
    },
    reset: {
      subject: "Reset your password",
      intro: `We received a request to reset the password of your ${SITE_NAME} account. Click the button below to choose a new one.`,
      button: "Choose a new password",
      validFor: (duration) => `The link is valid for ${duration}.`,
      ignore: "If you did not ask for this, ignore this mail: your password is unchanged.",
    },
    awaitingPayment: {
      subject: (what) => `Signup awaiting payment: ${what}`,
      intro: (what) => `we have received your signup for ${what}. Your places are held for you until you pay.`,
      amount: (amount) => `Amount: ${amount}.`,
      deadline: (deadline) => `Please pay by ${deadline}: after that the signup expires and the places are released.`,
      button: "See your signup",
    },
    waitingList: {
      offerSubject: (what) => `A place is free for you: ${what}`,
      offer: (what, until) =>
        `a place for ${what} has come free and it is yours: we hold it for you until ${until}. Finish your signup by then, or it passes to the next person in line.`,
      offerButton: "Finish your signup",
      openedSubject: (what) => `Signups are open: ${what}`,
      opened: (what) => `signups for ${what} are open. You asked us to tell you: places go to those who sign up first.`,
      openedButton: "Sign up now",
    },
    certificate: {
      approvedSubject: (what) => `Medical certificate approved: ${what}`,
      approved: (person, what) => `the organiser has approved ${person}'s medical certificate for ${what}.`,
      rejectedSubject: (what) => `Medical certificate not accepted: ${what}`,
      rejected: (person, what) => `the organiser has not accepted ${person}'s medical certificate for ${what}.`,
      reason: (reason) => `Reason: ${reason}`,
      again: "You can upload a new certificate from your signup.",
      button: "See your signup",
      reminderSubject: (what) => `Medical certificate missing: ${what}`,
      reminder: (person, what, days) =>
        `${what} is ${days === 1 ? "one day" : `${days} days`} away and ${person}'s medical certificate is still missing.`,
      reminderUpload: "Upload it from My signups: without a certificate there is no start.",
    },
    payment: {
      confirmedSubject: (what) => `Signup confirmed: ${what}`,
      confirmedIntro: (what) => `your payment has arrived: your signup for ${what} is confirmed.`,
      reference: (reference) => `Reference: ${reference}.`,
      paid: (amount, when) => `Paid: ${amount}, on ${when}.`,
      ticket: (name, code) => `Ticket for ${name}: ${code}.`,
      ticketHint: "Show the QR code (or the code) at the desk on race day.",
      refundSubject: (what) => `Refund for ${what}`,
      lateRefund: (what, amount) =>
        `your payment for ${what} arrived after the hold on your places had ended, and the places were taken meanwhile. We are refunding ${amount}.`,
      transferRefund: (what, amount) =>
        `the fee for transferring a place at ${what} arrived when the transfer could no longer be made, so the place was not transferred. We are refunding ${amount}.`,
      cancelRefund: (what, amount) => `your signup for ${what} is cancelled. We are refunding ${amount}.`,
      cancelNoRefund: (what) =>
        `your signup for ${what} is cancelled. Under the event's rules, no refund is due at this date.`,
      byTransfer: "The organiser will send the amount back to you by bank transfer.",
      button: "See your signup",
    },
    details: {
      date: (date) => `Date: ${date}.`,
      start: (time) => `Start: ${time}.`,
      place: (place) => `Place: ${place}.`,
      stay: (room, stay, nights, rooms, guests) => `Lodging: ${room}, ${stay}, ${nights}, ${rooms}, ${guests}.`,
      nights: (from, to) => `${from} to ${to}`,
      noStay: "Lodging: none booked.",
      rooms: { one: "room", other: "rooms" },
      guests: { one: "guest", other: "guests" },
    },
    changed: {
      subject: "Your password has been changed",
      intro: `The password of your ${SITE_NAME} account has been changed.`,
      wasYou: "If you made this change, there is nothing else to do.",
      notYou:
        "If it was not you, someone else may have access to your account: reset your password right away with “Forgot your password?” on the sign-in page, and check the e-mail address of your account.",
    },
  },
  "de-DE": {
    hello: "Hallo,",
    greet: (name) => `Hallo ${name},`,
    linkHint: "Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:",
    colon: ":",
    signature: `Ihr Team von ${SITE_NAME}`,
    footer: `Dies ist eine automatische Nachricht von ${SITE_NAME} zu Ihrem Konto.`,
    minutes: { one: "Minute", other: "Minuten" },
    verification: {
      subject: "Bestätigen Sie Ihre E-Mail-Adresse",
      intro: `Bitte bestätigen Sie, dass diese E-Mail-Adresse Ihnen gehört. Darum bitten wir, wenn ein neues Konto bei ${SITE_NAME} angelegt oder die E-Mail-Adresse eines Kontos geändert wird.`,
      button: "E-Mail-Adresse bestätigen",
      ignore:
        "Wenn Sie kein Konto angelegt und Ihre Adresse nicht geändert haben, können Sie diese E-Mail einfach ignorieren.",
    },
    reset: {
      subject: "Setzen Sie Ihr Passwort zurück",
      intro: `Wir haben eine Anfrage erhalten, das Passwort Ihres Kontos bei ${SITE_NAME} zurückzusetzen. Klicken Sie auf die Schaltfläche unten, um ein neues Passwort festzulegen.`,
      button: "Neues Passwort festlegen",
      validFor: (duration) => `Der Link ist ${duration} lang gültig.`,
      ignore:
        "Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail einfach: Ihr Passwort bleibt unverändert.",
    },
    awaitingPayment: {
      subject: (what) => `Anmeldung wartet auf Zahlung: ${what}`,
      intro: (what) =>
        `wir haben Ihre Anmeldung für ${what} erhalten. Ihre Plätze bleiben bis zur Zahlung für Sie reserviert.`,
      amount: (amount) => `Betrag: ${amount}.`,
      deadline: (deadline) =>
        `Bitte zahlen Sie bis ${deadline}: danach verfällt die Anmeldung und die Plätze werden freigegeben.`,
      button: "Ihre Anmeldung ansehen",
    },
    waitingList: {
      offerSubject: (what) => `Ein Platz ist für Sie frei: ${what}`,
      offer: (what, until) =>
        `für ${what} ist ein Platz frei geworden, und er gehört Ihnen: Wir halten ihn bis ${until} für Sie. Schließen Sie Ihre Anmeldung bis dahin ab, sonst geht er an die nächste Person auf der Liste.`,
      offerButton: "Anmeldung abschließen",
      openedSubject: (what) => `Anmeldung geöffnet: ${what}`,
      opened: (what) =>
        `die Anmeldung für ${what} ist geöffnet. Du wolltest benachrichtigt werden: Die Plätze gehen an die, die sich zuerst anmelden.`,
      openedButton: "Jetzt anmelden",
    },
    certificate: {
      approvedSubject: (what) => `Ärztliches Attest angenommen: ${what}`,
      approved: (person, what) => `der Veranstalter hat das ärztliche Attest von ${person} für ${what} angenommen.`,
      rejectedSubject: (what) => `Ärztliches Attest nicht angenommen: ${what}`,
      rejected: (person, what) =>
        `der Veranstalter hat das ärztliche Attest von ${person} für ${what} nicht angenommen.`,
      reason: (reason) => `Grund: ${reason}`,
      again: "Sie können in Ihrer Anmeldung ein neues Attest hochladen.",
      button: "Ihre Anmeldung ansehen",
      reminderSubject: (what) => `Ärztliches Attest fehlt: ${what}`,
      reminder: (person, what, days) =>
        `bis ${what} ${days === 1 ? "ist es noch ein Tag" : `sind es noch ${days} Tage`}, und das ärztliche Attest von ${person} fehlt noch.`,
      reminderUpload: "Laden Sie es unter „Meine Anmeldungen“ hoch: ohne Attest kein Start.",
    },
    payment: {
      confirmedSubject: (what) => `Anmeldung bestätigt: ${what}`,
      confirmedIntro: (what) => `Ihre Zahlung ist eingegangen: Ihre Anmeldung für ${what} ist bestätigt.`,
      reference: (reference) => `Referenz: ${reference}.`,
      paid: (amount, when) => `Bezahlt: ${amount}, am ${when}.`,
      ticket: (name, code) => `Ticket für ${name}: ${code}.`,
      ticketHint: "Zeigen Sie den QR-Code (oder den Code) am Wettkampftag am Empfang.",
      refundSubject: (what) => `Erstattung für ${what}`,
      lateRefund: (what, amount) =>
        `Ihre Zahlung für ${what} ist nach dem Ende der Platzreservierung eingegangen, und die Plätze waren inzwischen vergeben. Wir erstatten Ihnen ${amount}.`,
      transferRefund: (what, amount) =>
        `die Gebühr für die Übertragung eines Startplatzes bei ${what} ist eingegangen, als die Übertragung nicht mehr möglich war; der Startplatz wurde daher nicht übertragen. Wir erstatten Ihnen ${amount}.`,
      cancelRefund: (what, amount) => `Ihre Anmeldung für ${what} ist storniert. Wir erstatten Ihnen ${amount}.`,
      cancelNoRefund: (what) =>
        `Ihre Anmeldung für ${what} ist storniert. Nach den Regeln der Veranstaltung steht zu diesem Zeitpunkt keine Erstattung zu.`,
      byTransfer: "Der Veranstalter überweist Ihnen den Betrag zurück.",
      button: "Ihre Anmeldung ansehen",
    },
    details: {
      date: (date) => `Datum: ${date}.`,
      start: (time) => `Start: ${time} Uhr.`,
      place: (place) => `Ort: ${place}.`,
      stay: (room, stay, nights, rooms, guests) => `Unterkunft: ${room}, ${stay}, ${nights}, ${rooms}, ${guests}.`,
      nights: (from, to) => `${from} bis ${to}`,
      noStay: "Unterkunft: keine gebucht.",
      rooms: { one: "Zimmer", other: "Zimmer" },
      guests: { one: "Gast", other: "Gäste" },
    },
    changed: {
      subject: "Ihr Passwort wurde geändert",
      intro: `Das Passwort Ihres Kontos bei ${SITE_NAME} wurde geändert.`,
      wasYou: "Wenn Sie das selbst waren, ist nichts weiter zu tun.",
      notYou:
        "Wenn nicht, hat womöglich jemand anderes Zugriff auf Ihr Konto: Setzen Sie Ihr Passwort sofort über „Passwort vergessen?“ auf der Anmeldeseite zurück und prüfen Sie die E-Mail-Adresse Ihres Kontos.",
    },
  },
  "fr-FR": {
    hello: "Bonjour,",
    greet: (name) => `Bonjour ${name},`,
    linkHint: "Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur\u00a0:",
    colon: "\u00a0:",
    signature: `L'équipe ${SITE_NAME}`,
    footer: `Ceci est un message automatique de ${SITE_NAME} concernant votre compte.`,
    minutes: { one: "minute", other: "minutes" },
    verification: {
      subject: "Confirmez votre adresse e-mail",
      intro: `Merci de confirmer que cette adresse e-mail est bien la vôtre. Nous vous le demandons lors de la création d'un compte sur ${SITE_NAME} ou lorsque l'adresse e-mail d'un compte est modifiée.`,
      button: "Confirmer mon adresse e-mail",
      ignore: "Si vous n'avez ni créé de compte ni modifié votre adresse, vous pouvez ignorer cet e-mail.",
    },
    reset: {
      subject: "Réinitialisez votre mot de passe",
      intro: `Nous avons reçu une demande de réinitialisation du mot de passe de votre compte ${SITE_NAME}. Cliquez sur le bouton ci-dessous pour en choisir un nouveau.`,
      button: "Choisir un nouveau mot de passe",
      validFor: (duration) => `Ce lien est valable ${duration}.`,
      ignore:
        "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail\u00a0: votre mot de passe reste inchangé.",
    },
    awaitingPayment: {
      subject: (what) => `Inscription en attente de paiement : ${what}`,
      intro: (what) =>
        `nous avons bien reçu votre inscription à ${what}. Vos places vous sont réservées jusqu'au paiement.`,
      amount: (amount) => `Montant : ${amount}.`,
      deadline: (deadline) =>
        `Veuillez payer avant le ${deadline} : passé ce délai, l'inscription expire et les places sont libérées.`,
      button: "Voir votre inscription",
    },
    waitingList: {
      offerSubject: (what) => `Une place s'est libérée pour vous : ${what}`,
      offer: (what, until) =>
        `une place pour ${what} s'est libérée et elle est à vous : nous vous la gardons jusqu'au ${until}. Terminez votre inscription d'ici là, sinon elle passe à la personne suivante sur la liste.`,
      offerButton: "Terminer l'inscription",
      openedSubject: (what) => `Inscriptions ouvertes : ${what}`,
      opened: (what) =>
        `les inscriptions à ${what} sont ouvertes. Vous avez demandé à être prévenu : les places vont aux premiers inscrits.`,
      openedButton: "S'inscrire maintenant",
    },
    certificate: {
      approvedSubject: (what) => `Certificat médical approuvé : ${what}`,
      approved: (person, what) => `l'organisateur a approuvé le certificat médical de ${person} pour ${what}.`,
      rejectedSubject: (what) => `Certificat médical refusé : ${what}`,
      rejected: (person, what) => `l'organisateur n'a pas accepté le certificat médical de ${person} pour ${what}.`,
      reason: (reason) => `Motif : ${reason}`,
      again: "Vous pouvez envoyer un nouveau certificat depuis votre inscription.",
      button: "Voir votre inscription",
      reminderSubject: (what) => `Certificat médical manquant : ${what}`,
      reminder: (person, what, days) =>
        `${what} a lieu dans ${days === 1 ? "un jour" : `${days} jours`} et le certificat médical de ${person} manque encore.`,
      reminderUpload: "Déposez-le depuis Mes inscriptions : sans certificat, pas de départ.",
    },
    payment: {
      confirmedSubject: (what) => `Inscription confirmée : ${what}`,
      confirmedIntro: (what) => `nous avons bien reçu votre paiement : votre inscription à ${what} est confirmée.`,
      reference: (reference) => `Référence : ${reference}.`,
      paid: (amount, when) => `Payé : ${amount}, le ${when}.`,
      ticket: (name, code) => `Billet de ${name} : ${code}.`,
      ticketHint: "Présentez le code QR (ou le code) à l'accueil le jour de la course.",
      refundSubject: (what) => `Remboursement pour ${what}`,
      lateRefund: (what, amount) =>
        `votre paiement pour ${what} est arrivé après la fin de la réservation de vos places, et les places ont été prises entre-temps. Nous vous remboursons ${amount}.`,
      transferRefund: (what, amount) =>
        `les frais de transfert d'une place pour ${what} sont arrivés alors que le transfert n'était plus possible : la place n'a donc pas été transférée. Nous vous remboursons ${amount}.`,
      cancelRefund: (what, amount) => `votre inscription à ${what} est annulée. Nous vous remboursons ${amount}.`,
      cancelNoRefund: (what) =>
        `votre inscription à ${what} est annulée. Selon les règles de l'événement, aucun remboursement n'est dû à cette date.`,
      byTransfer: "L'organisateur vous renverra le montant par virement.",
      button: "Voir votre inscription",
    },
    details: {
      date: (date) => `Date\u00a0: ${date}.`,
      start: (time) => `Départ\u00a0: ${time}.`,
      place: (place) => `Lieu\u00a0: ${place}.`,
      stay: (room, stay, nights, rooms, guests) =>
        `Hébergement\u00a0: ${room}, ${stay}, ${nights}, ${rooms}, ${guests}.`,
      nights: (from, to) => `du ${from} au ${to}`,
      noStay: "Hébergement\u00a0: aucun réservé.",
      rooms: { one: "chambre", other: "chambres" },
      guests: { one: "personne", other: "personnes" },
    },
    changed: {
      subject: "Votre mot de passe a été modifié",
      intro: `Le mot de passe de votre compte ${SITE_NAME} a été modifié.`,
      wasYou: "Si c'est vous qui l'avez modifié, vous n'avez rien d'autre à faire.",
      notYou:
        "Sinon, quelqu'un d'autre a peut-être accès à votre compte\u00a0: réinitialisez immédiatement votre mot de passe avec «\u00a0Mot de passe oublié\u00a0?\u00a0» sur la page de connexion et vérifiez l'adresse e-mail de votre compte.",
    },
  },
  "es-ES": {
    hello: "Hola:",
    greet: (name) => `Hola, ${name}:`,
    linkHint: "Si el botón no funciona, copia esta dirección en tu navegador:",
    colon: ":",
    signature: `El equipo de ${SITE_NAME}`,
    footer: `Este es un mensaje automático de ${SITE_NAME} sobre tu cuenta.`,
    minutes: { one: "minuto", other: "minutos" },
    verification: {
      subject: "Confirma tu dirección de correo electrónico",
      intro: `Confirma que esta dirección de correo electrónico es tuya. Te lo pedimos cuando se crea una cuenta en ${SITE_NAME} o cuando se cambia la dirección de correo de una cuenta.`,
      button: "Confirmar dirección de correo",
      ignore: "Si no has creado ninguna cuenta ni has cambiado tu dirección, puedes ignorar este correo.",
    },
    reset: {
      subject: "Restablece tu contraseña",
      intro: `Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de ${SITE_NAME}. Haz clic en el botón de abajo para elegir una nueva.`,
      button: "Elegir una nueva contraseña",
      validFor: (duration) => `El enlace es válido durante ${duration}.`,
      ignore: "Si no lo has solicitado, ignora este correo: tu contraseña no ha cambiado.",
    },
    awaitingPayment: {
      subject: (what) => `Inscripción pendiente de pago: ${what}`,
      intro: (what) => `hemos recibido su inscripción en ${what}. Sus plazas quedan reservadas hasta el pago.`,
      amount: (amount) => `Importe: ${amount}.`,
      deadline: (deadline) => `Pague antes del ${deadline}: después, la inscripción caduca y las plazas se liberan.`,
      button: "Ver su inscripción",
    },
    waitingList: {
      offerSubject: (what) => `Hay una plaza libre para usted: ${what}`,
      offer: (what, until) =>
        `se ha liberado una plaza para ${what} y es suya: se la guardamos hasta el ${until}. Complete su inscripción antes, o pasará a la siguiente persona de la lista.`,
      offerButton: "Completar la inscripción",
      openedSubject: (what) => `Inscripciones abiertas: ${what}`,
      opened: (what) =>
        `las inscripciones para ${what} están abiertas. Nos pediste que te avisáramos: las plazas son para quien se inscriba primero.`,
      openedButton: "Inscríbete ahora",
    },
    certificate: {
      approvedSubject: (what) => `Certificado médico aprobado: ${what}`,
      approved: (person, what) => `la organización ha aprobado el certificado médico de ${person} para ${what}.`,
      rejectedSubject: (what) => `Certificado médico no aceptado: ${what}`,
      rejected: (person, what) => `la organización no ha aceptado el certificado médico de ${person} para ${what}.`,
      reason: (reason) => `Motivo: ${reason}`,
      again: "Puede subir un nuevo certificado desde su inscripción.",
      button: "Ver su inscripción",
      reminderSubject: (what) => `Falta el certificado médico: ${what}`,
      reminder: (person, what, days) =>
        `${what} es dentro de ${days === 1 ? "un día" : `${days} días`} y aún falta el certificado médico de ${person}.`,
      reminderUpload: "Súbalo desde Mis inscripciones: sin certificado no se puede tomar la salida.",
    },
    payment: {
      confirmedSubject: (what) => `Inscripción confirmada: ${what}`,
      confirmedIntro: (what) => `hemos recibido su pago: su inscripción en ${what} está confirmada.`,
      reference: (reference) => `Referencia: ${reference}.`,
      paid: (amount, when) => `Pagado: ${amount}, el ${when}.`,
      ticket: (name, code) => `Entrada de ${name}: ${code}.`,
      ticketHint: "Muestre el código QR (o el código) en la recepción el día de la carrera.",
      refundSubject: (what) => `Reembolso de ${what}`,
      lateRefund: (what, amount) =>
        `su pago de ${what} llegó después de que terminara la reserva de sus plazas, y mientras tanto las plazas se agotaron. Le reembolsamos ${amount}.`,
      transferRefund: (what, amount) =>
        `el coste de la cesión de una plaza de ${what} llegó cuando la cesión ya no era posible, así que la plaza no se ha cedido. Le reembolsamos ${amount}.`,
      cancelRefund: (what, amount) => `su inscripción en ${what} está cancelada. Le reembolsamos ${amount}.`,
      cancelNoRefund: (what) =>
        `su inscripción en ${what} está cancelada. Según las normas del evento, en esta fecha no corresponde reembolso.`,
      byTransfer: "El organizador le devolverá el importe por transferencia.",
      button: "Ver su inscripción",
    },
    details: {
      date: (date) => `Fecha: ${date}.`,
      start: (time) => `Salida: ${time}.`,
      place: (place) => `Lugar: ${place}.`,
      stay: (room, stay, nights, rooms, guests) => `Alojamiento: ${room}, ${stay}, ${nights}, ${rooms}, ${guests}.`,
      nights: (from, to) => `del ${from} al ${to}`,
      noStay: "Alojamiento: ninguno reservado.",
      rooms: { one: "habitación", other: "habitaciones" },
      guests: { one: "huésped", other: "huéspedes" },
    },
    changed: {
      subject: "Se ha cambiado tu contraseña",
      intro: `Se ha cambiado la contraseña de tu cuenta de ${SITE_NAME}.`,
      wasYou: "Si has sido tú, no tienes que hacer nada más.",
      notYou:
        "Si no has sido tú, es posible que otra persona tenga acceso a tu cuenta: restablece tu contraseña de inmediato con «¿Has olvidado tu contraseña?» en la página de inicio de sesión y comprueba la dirección de correo de tu cuenta.",
    },
  },
};

/** The mail's language: the locale when the site speaks it, en-US otherwise. */

/** The mail telling a runner the organiser cancelled the event they signed up for. */
export interface EventCancelledCopy {
  subject(what: string): string;
  intro(what: string): string;
  refund: string;
  noPayment: string;
  button: string;
}

export const EVENT_CANCELLED_COPY: Record<Locale, EventCancelledCopy> = {
  "it-IT": {
    subject: (what) => `Evento annullato: ${what}`,
    intro: (what) => `l'organizzatore ha annullato ${what}: la tua iscrizione è stata annullata.`,
    refund: "Ti restituiamo per intero quanto hai pagato: riceverai una mail a parte con il rimborso.",
    noPayment: "Non avevi ancora pagato: non ti verrà addebitato nulla.",
    button: "Vedi la tua iscrizione",
  },
  "en-US": {
    subject: (what) => `Event cancelled: ${what}`,
    intro: (what) => `the organiser has cancelled ${what}: your signup has been cancelled.`,
    refund: "What you paid is given back in full: a separate mail tells you about the refund.",
    noPayment: "You had not paid yet: nothing will be charged.",
    button: "See your signup",
  },
  "de-DE": {
    subject: (what) => `Veranstaltung abgesagt: ${what}`,
    intro: (what) => `der Veranstalter hat ${what} abgesagt: Deine Anmeldung wurde storniert.`,
    refund: "Du erhältst den vollen gezahlten Betrag zurück: Eine eigene Mail informiert Dich über die Erstattung.",
    noPayment: "Du hattest noch nicht bezahlt: Es wird nichts berechnet.",
    button: "Deine Anmeldung ansehen",
  },
  "fr-FR": {
    subject: (what) => `Événement annulé : ${what}`,
    intro: (what) => `l'organisateur a annulé ${what} : ton inscription a été annulée.`,
    refund: "Ce que tu as payé t'est rendu en entier : un e-mail à part te parle du remboursement.",
    noPayment: "Tu n'avais pas encore payé : rien ne te sera débité.",
    button: "Voir ton inscription",
  },
  "es-ES": {
    subject: (what) => `Evento cancelado: ${what}`,
    intro: (what) => `el organizador ha cancelado ${what}: tu inscripción ha sido cancelada.`,
    refund: "Te devolvemos íntegramente lo que pagaste: un correo aparte te informa del reembolso.",
    noPayment: "Aún no habías pagado: no se te cobrará nada.",
    button: "Ver tu inscripción",
  },
};

/** The mail telling a runner the organiser cancelled the race (appointment) they signed up for. */
export const APPOINTMENT_CANCELLED_COPY: Record<Locale, EventCancelledCopy> = {
  "it-IT": {
    subject: (what) => `Gara annullata: ${what}`,
    intro: (what) =>
      `l'organizzatore ha annullato ${what}: la tua iscrizione è stata annullata. Le altre gare dell'evento restano in programma.`,
    refund: EVENT_CANCELLED_COPY["it-IT"].refund,
    noPayment: EVENT_CANCELLED_COPY["it-IT"].noPayment,
    button: EVENT_CANCELLED_COPY["it-IT"].button,
  },
  "en-US": {
    subject: (what) => `Race cancelled: ${what}`,
    intro: (what) =>
      `the organiser has cancelled ${what}: your signup has been cancelled. The event's other races go ahead.`,
    refund: EVENT_CANCELLED_COPY["en-US"].refund,
    noPayment: EVENT_CANCELLED_COPY["en-US"].noPayment,
    button: EVENT_CANCELLED_COPY["en-US"].button,
  },
  "de-DE": {
    subject: (what) => `Wettbewerb abgesagt: ${what}`,
    intro: (what) =>
      `der Veranstalter hat ${what} abgesagt: Deine Anmeldung wurde storniert. Die übrigen Wettbewerbe der Veranstaltung finden statt.`,
    refund: EVENT_CANCELLED_COPY["de-DE"].refund,
    noPayment: EVENT_CANCELLED_COPY["de-DE"].noPayment,
    button: EVENT_CANCELLED_COPY["de-DE"].button,
  },
  "fr-FR": {
    subject: (what) => `Course annulée : ${what}`,
    intro: (what) =>
      `l'organisateur a annulé ${what} : ton inscription a été annulée. Les autres courses de l'événement sont maintenues.`,
    refund: EVENT_CANCELLED_COPY["fr-FR"].refund,
    noPayment: EVENT_CANCELLED_COPY["fr-FR"].noPayment,
    button: EVENT_CANCELLED_COPY["fr-FR"].button,
  },
  "es-ES": {
    subject: (what) => `Carrera cancelada: ${what}`,
    intro: (what) =>
      `el organizador ha cancelado ${what}: tu inscripción ha sido cancelada. Las demás carreras del evento se mantienen.`,
    refund: EVENT_CANCELLED_COPY["es-ES"].refund,
    noPayment: EVENT_CANCELLED_COPY["es-ES"].noPayment,
    button: EVENT_CANCELLED_COPY["es-ES"].button,
  },
};

/** The mails of a place passed on (decision 028): to the person leaving it, the one taking it, and the signup's owner. */
export interface TransferCopy {
  subject(what: string): string;
  toLeaving(what: string, to: string): string;
  toTaking(what: string, from: string): string;
  toOwner(what: string, from: string, to: string): string;
  ticket(code: string): string;
  oldTicket: string;
  certificate: string;
  button: string;
}

export const TRANSFER_COPY: Record<Locale, TransferCopy> = {
  "it-IT": {
    subject: (what) => `Cambio di partecipante: ${what}`,
    toLeaving: (what, to) => `il tuo posto a ${what} è stato ceduto a ${to}.`,
    toTaking: (what, from) => `${from} ti ha ceduto il suo posto a ${what}: ora è tuo.`,
    toOwner: (what, from, to) => `il posto di ${from} a ${what} è ora di ${to}.`,
    ticket: (code) => `Il nuovo codice del biglietto, da mostrare all'accoglienza: ${code}.`,
    oldTicket: "Il biglietto precedente non è più valido; il pettorale resta lo stesso.",
    certificate: "Se la gara chiede un certificato medico, caricalo da Le mie iscrizioni prima del giorno della gara.",
    button: "Vedi l'iscrizione",
  },
  "en-US": {
    subject: (what) => `Change of participant: ${what}`,
    toLeaving: (what, to) => `your place at ${what} has been transferred to ${to}.`,
    toTaking: (what, from) => `${from} has transferred their place at ${what} to you: it is now yours.`,
    toOwner: (what, from, to) => `${from}'s place at ${what} now belongs to ${to}.`,
    ticket: (code) => `The new ticket code, to show at check-in: ${code}.`,
    oldTicket: "The previous ticket no longer works; the bib stays the same.",
    certificate: "If the race asks for a medical certificate, upload it from My signups before race day.",
    button: "See the signup",
  },
  "de-DE": {
    subject: (what) => `Teilnehmerwechsel: ${what}`,
    toLeaving: (what, to) => `Dein Startplatz bei ${what} wurde an ${to} übertragen.`,
    toTaking: (what, from) => `${from} hat Dir den Startplatz bei ${what} übertragen: Er gehört jetzt Dir.`,
    toOwner: (what, from, to) => `der Startplatz von ${from} bei ${what} gehört jetzt ${to}.`,
    ticket: (code) => `Der neue Ticketcode, beim Check-in vorzuzeigen: ${code}.`,
    oldTicket: "Das bisherige Ticket gilt nicht mehr; die Startnummer bleibt dieselbe.",
    certificate:
      "Verlangt das Rennen ein ärztliches Attest, lade es vor dem Wettkampftag unter Meine Anmeldungen hoch.",
    button: "Anmeldung ansehen",
  },
  "fr-FR": {
    subject: (what) => `Changement de participant : ${what}`,
    toLeaving: (what, to) => `votre place pour ${what} a été transférée à ${to}.`,
    toTaking: (what, from) => `${from} vous a transféré sa place pour ${what} : elle est désormais à vous.`,
    toOwner: (what, from, to) => `la place de ${from} pour ${what} appartient désormais à ${to}.`,
    ticket: (code) => `Le nouveau code du billet, à présenter à l'accueil : ${code}.`,
    oldTicket: "L'ancien billet n'est plus valable ; le dossard reste le même.",
    certificate:
      "Si la course demande un certificat médical, téléversez-le depuis Mes inscriptions avant le jour de la course.",
    button: "Voir l'inscription",
  },
  "es-ES": {
    subject: (what) => `Cambio de participante: ${what}`,
    toLeaving: (what, to) => `tu plaza en ${what} se ha cedido a ${to}.`,
    toTaking: (what, from) => `${from} te ha cedido su plaza en ${what}: ahora es tuya.`,
    toOwner: (what, from, to) => `la plaza de ${from} en ${what} es ahora de ${to}.`,
    ticket: (code) => `El nuevo código de la entrada, para mostrar en la acreditación: ${code}.`,
    oldTicket: "La entrada anterior ya no es válida; el dorsal sigue siendo el mismo.",
    certificate:
      "Si la carrera pide un certificado médico, súbelo desde Mis inscripciones antes del día de la carrera.",
    button: "Ver la inscripción",
  },
};
