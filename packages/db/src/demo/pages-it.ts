import { DEFAULT_HOLD_MINUTES, DEFAULT_PAYMENT_TERM_DAYS } from "@sports/domain";
import { md } from "./model.ts";
import { ORGANISER, ORGANISER_EMAIL_LINK, organiserAddress } from "./organiser.ts";

const address = organiserAddress("it-IT");

/** The editorial pages in Italian, keyed by slug; what they say of signups is what the site does. */
export const PAGES_IT = {
  about: {
    title: "Chi siamo",
    body: md(
      `${ORGANISER.name} nasce da un gruppo di runner, ciclisti e istruttori che da anni organizza gare e camp in giro per l'Italia. Ci piace pensare agli eventi come li vorremmo trovare da partecipanti: percorsi curati, informazioni chiare e nessuna sorpresa il giorno della partenza.`,
      "## Cosa organizziamo",
      "- **Corsa**: trail in montagna, mezze maratone in città, staffette e corse serali.\n- **Ciclismo**: granfondo su strada e marathon in mountain bike.\n- **Acqua**: traversate in acque libere e triathlon.\n- **Racchetta**: tornei di padel e weekend di tennis.\n- **Camp**: settimane multisport per ragazze e ragazzi dagli 8 ai 14 anni.",
      "## Come lavoriamo",
      "Ogni evento ha un responsabile che conosce il percorso metro per metro e che trovi in zona partenza. Lavoriamo con le associazioni sportive, i comuni e i volontari del territorio: una parte di ogni quota resta sempre alle comunità che ci ospitano.",
      "La sicurezza viene prima di tutto. Su ogni percorso ci sono personale sanitario, radio e punti di soccorso; nelle gare in acqua c'è una canoa di assistenza ogni venti nuotatori. Se il meteo o il terreno non permettono di correre in sicurezza, accorciamo il percorso o rimandiamo: è una scelta che non facciamo mai a cuor leggero.",
      "## Iscrizioni semplici",
      "Su questo sito scegli l'evento e la gara, inserisci i dati dei partecipanti, aggiungi se vuoi il pernottamento e paghi online o con bonifico. I posti vengono tenuti per te mentre completi l'iscrizione, così nessuno te li porta via a metà strada. Nel tuo account trovi in ogni momento le tue iscrizioni e quanto hai pagato.",
      "## Contatti",
      `Scrivici a ${ORGANISER_EMAIL_LINK} oppure chiamaci al ${ORGANISER.phone}, dal lunedì al venerdì dalle 9:00 alle 13:00.`,
      `${ORGANISER.legalName}, ${address}. Partita IVA ${ORGANISER.vatNumber}.`,
    ),
  },
  privacy: {
    title: "Informativa sulla privacy",
    body: md(
      `Questa informativa spiega come ${ORGANISER.legalName} (di seguito "noi") tratta i dati personali di chi usa questo sito e si iscrive ai nostri eventi, ai sensi del Regolamento (UE) 2016/679 (GDPR).`,
      "## Titolare del trattamento",
      `${ORGANISER.legalName}, ${address}, partita IVA ${ORGANISER.vatNumber}. Per qualsiasi richiesta sulla privacy puoi scrivere a ${ORGANISER_EMAIL_LINK}.`,
      "## Quali dati raccogliamo",
      "- **Dati dell'account**: nome, cognome, email e password (conservata solo in forma cifrata).\n- **Dati dei partecipanti**: data di nascita, genere quando la gara lo richiede, società sportiva e numero di tessera.\n- **Certificati medici**: sono dati relativi alla salute e li trattiamo con cautele particolari (vedi sotto).\n- **Dati di pagamento**: importi e stato dei pagamenti. I dati delle carte li gestisce direttamente il fornitore di pagamento: noi non li vediamo e non li conserviamo.",
      "## Perché li trattiamo",
      "Usiamo i dati per gestire le iscrizioni, i pagamenti e i pernottamenti e per gli obblighi di legge (contabili e assicurativi). La base giuridica è il contratto che concludi con l'iscrizione; per i certificati medici è l'obbligo di legge di verificare l'idoneità sportiva. Non usiamo i tuoi dati per pubblicità senza il tuo consenso esplicito.",
      "## Certificati medici",
      "Il certificato lo carichi durante l'iscrizione, come file PDF, JPEG o PNG. Resta legato alla tua iscrizione, lo vedi solo tu e lo staff che verifica l'idoneità, e non viene mai pubblicato.",
      "## Per quanto tempo",
      "I dati dell'account restano finché l'account è attivo. Iscrizioni e pagamenti si conservano per dieci anni, come richiede la normativa fiscale italiana.",
      "## Cookie",
      "Il sito usa solo cookie tecnici: uno per la sessione e uno per ricordare la lingua. Niente cookie pubblicitari né tracciamento di terze parti.",
      "## I tuoi diritti",
      "Puoi chiedere in ogni momento di vedere, correggere o cancellare i tuoi dati, di limitarne l'uso o di riceverli in un formato portabile. Se ritieni che i tuoi diritti non siano stati rispettati puoi rivolgerti al Garante per la protezione dei dati personali o all'autorità del paese in cui vivi.",
    ),
  },
  terms: {
    title: "Termini e condizioni",
    body: md(
      `Questi termini valgono per le iscrizioni fatte su questo sito agli eventi organizzati da ${ORGANISER.legalName}. Ogni evento ha anche il suo regolamento di gara, pubblicato sulla sua pagina; dove i due differiscono, vale il regolamento dell'evento.`,
      "## L'iscrizione",
      `L'iscrizione è personale e vale per la gara, la sessione o il camp che scegli. Appena la inizi, i posti sono **tenuti per te per un tempo limitato**, di solito ${DEFAULT_HOLD_MINUTES} minuti, indicato dal conto alla rovescia; se l'iscrizione non viene completata in tempo, i posti tornano liberi. L'iscrizione è confermata quando arriva il pagamento, e te lo confermiamo per email.`,
      "Iscrivendoti confermi che i dati che inserisci sono veri e che ogni partecipante rispetta i requisiti di età, tesseramento e certificato medico dell'evento. Se l'evento chiede un certificato medico, lo carichi durante l'iscrizione: senza, l'iscrizione non si può completare. Se iscrivi altre persone, come il tuo compagno di doppio, la tua squadra di staffetta o tuo figlio, confermi di avere il loro consenso o quello di chi ne è responsabile.",
      "## Prezzi e pagamento",
      `I prezzi sono in euro e comprendono l'IVA dove dovuta. Molte gare hanno **prezzi che salgono con l'avvicinarsi della data**: paghi il prezzo in vigore il giorno in cui inizi l'iscrizione. Puoi pagare con carta, sulla pagina del fornitore di pagamento, o con bonifico; con il bonifico i posti restano tenuti per il termine di pagamento indicato nel riepilogo, di solito ${DEFAULT_PAYMENT_TERM_DAYS} giorni, e l'iscrizione scade se il bonifico non arriva entro quella data.`,
      "Se un pagamento con carta arriva dopo che i posti sono tornati liberi, l'iscrizione è confermata se ci sono ancora posti; altrimenti il pagamento viene rimborsato per intero.",
      "## Annullare l'iscrizione",
      "- Un'iscrizione non ancora pagata si può abbandonare in qualsiasi momento, dal tuo account.\n- Un'iscrizione pagata si può annullare dal tuo account fino alla scadenza fissata dall'evento; alcuni eventi non accettano annullamenti dopo il pagamento.\n- Fino al termine di rimborso dell'evento ti restituiamo **tutto quello che hai pagato**, pernottamento compreso, sullo stesso metodo di pagamento e **senza spese**. Dopo, non è previsto rimborso.\n- Prima che tu confermi l'annullamento, il sito ti dice quanto ti verrà rimborsato.",
      "Un'iscrizione non si può cedere a un'altra persona: annulla la tua e chi vuole partecipare si iscrive.",
      "Il diritto di recesso di 14 giorni previsto dalla normativa europea non si applica ai servizi per il tempo libero prenotati per una data precisa, come gare e camp.",
      "## Se annulliamo noi",
      "Se annulliamo un evento, ti avvisiamo per email e rimborsiamo **l'intero importo**, pernottamento compreso, sullo stesso metodo di pagamento. Se per motivi di sicurezza cambiano percorso o orari, l'iscrizione resta valida e ti avvisiamo per email.",
      "## Responsabilità",
      "Partecipi sotto la tua responsabilità, rispettando il regolamento e le indicazioni del nostro staff. Ogni evento è coperto da un'assicurazione di responsabilità civile; la copertura infortuni personale è quella del tesseramento, dove richiesto.",
    ),
  },
  faq: {
    title: "Domande frequenti",
    body: md(
      "## Come mi iscrivo?",
      "Accedi (o crea un account), apri la pagina dell'evento, scegli la gara o la sessione e premi **Iscriviti**. Inserisci i dati dei partecipanti, aggiungi se vuoi il pernottamento, controlla il riepilogo e paga. I camp si prenotano per tutta la settimana, quindi non c'è una sessione da scegliere.",
      "## Posso iscrivere qualcun altro?",
      "Sì. Nei tornei di doppio e nelle staffette una sola iscrizione vale per tutta la coppia o la squadra; per i camp iscrivi tuo figlio con i dati di un genitore. Ogni partecipante deve comunque rispettare i requisiti dell'evento.",
      "## Quale certificato medico serve?",
      "Dipende dall'evento, e la sua pagina ti dice quale:\n\n- **agonistico**: per le gare cronometrate con classifica, rilasciato da un medico dello sport per lo sport giusto;\n- **non agonistico**: per le manifestazioni ludico-motorie e i camp, rilasciato dal medico di base o dal pediatra;\n- **nessuno**: per alcune attività di prova.",
      "Il certificato lo carichi durante l'iscrizione (un file PDF, JPEG o PNG) insieme alla sua data di scadenza: senza, l'iscrizione non va avanti, e il certificato deve essere ancora valido il giorno della gara.",
      "## Per quanto tempo mi tenete i posti?",
      `Dal momento in cui inizi, di solito ${DEFAULT_HOLD_MINUTES} minuti: il conto alla rovescia in cima all'iscrizione mostra il tempo che resta. Se scegli di pagare con bonifico, i posti restano tenuti per il termine di pagamento dell'evento, di solito ${DEFAULT_PAYMENT_TERM_DAYS} giorni.`,
      "## Come posso pagare?",
      "Con carta di credito o di debito, sulla pagina sicura del fornitore di pagamento, oppure con bonifico; il riepilogo mostra i metodi che l'evento accetta. Il totale è calcolato nel riepilogo e comprende tutti i partecipanti e l'eventuale pernottamento.",
      "## Ho chiuso la pagina mentre pagavo. Ho perso il posto?",
      "I posti restano tenuti finché non scade il conto alla rovescia. Se il pagamento è andato a buon fine ricevi comunque l'email di conferma; se arriva dopo la scadenza, confermiamo l'iscrizione se ci sono ancora posti, altrimenti ti rimborsiamo per intero.",
      "## Posso annullare e avere un rimborso?",
      "Un'iscrizione non pagata si può abbandonare in qualsiasi momento. Una pagata si annulla dal tuo account fino alla scadenza dell'evento: fino al suo termine di rimborso ti restituiamo tutto quello che hai pagato, senza spese, dopo nulla. Il sito ti mostra l'importo prima che tu confermi. I termini e condizioni hanno tutti i dettagli.",
      "## Posso cedere la mia iscrizione a un'altra persona?",
      "No, un'iscrizione non si può cedere. Annulla la tua e lascia che l'altra persona si iscriva.",
      "## Come funziona il pernottamento?",
      "Alcuni eventi offrono un hotel o una struttura convenzionata: durante l'iscrizione scegli il tipo di camera e le notti che ti servono. I prezzi sono per camera e per notte, e la descrizione dice cosa è compreso, ad esempio la colazione. Il pernottamento fa parte dell'iscrizione: si annulla e si rimborsa insieme a lei.",
    ),
  },
} as const;
