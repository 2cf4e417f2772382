/** The booker's words, per language; the formats of dates and times come from Intl. */
export interface Strings {
  title: string;
  timeZone: string;
  days: string;
  later: string;
  timesOn: (day: string) => string;
  loading: string;
  noTimes: string;
  held: (until: string) => string;
  holdExpired: string;
  taken: string;
  expired: string;
  name: string;
  email: string;
  phone: string;
  locale: string;
  time_zone: string;
  confirm: string;
  back: string;
  booked: (when: string) => string;
  requested: (when: string) => string;
  failed: string;
}

const en: Strings = {
  title: 'Book a time',
  timeZone: 'Time zone',
  days: 'Days with free times',
  later: 'Later dates',
  timesOn: (day) => `Free times on ${day}`,
  loading: 'Loading free times…',
  noTimes: 'No free time is left in this period.',
  held: (until) => `This time is held for you until ${until}. Fill in your details to confirm.`,
  holdExpired: 'Your hold on that time has expired. Please choose a time again.',
  taken: 'Sorry, that time was just taken. Here are the next free times.',
  expired: 'This booking link has expired. Please ask for a new one.',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  locale: 'Language',
  time_zone: 'Time zone',
  confirm: 'Confirm booking',
  back: 'Choose another time',
  booked: (when) => `You are booked for ${when}.`,
  requested: (when) => `Your request for ${when} is sent. You will hear back once it is approved.`,
  failed: 'Something went wrong. Please try again.',
};

const fr: Strings = {
  title: 'Réserver un créneau',
  timeZone: 'Fuseau horaire',
  days: 'Jours avec des créneaux libres',
  later: 'Dates suivantes',
  timesOn: (day) => `Créneaux libres le ${day}`,
  loading: 'Chargement des créneaux…',
  noTimes: 'Plus aucun créneau libre sur cette période.',
  held: (until) => `Ce créneau vous est réservé jusqu’à ${until}. Renseignez vos coordonnées pour confirmer.`,
  holdExpired: 'La réservation provisoire a expiré. Choisissez de nouveau un créneau.',
  taken: 'Désolé, ce créneau vient d’être pris. Voici les prochains créneaux libres.',
  expired: 'Ce lien de réservation a expiré. Demandez-en un nouveau.',
  name: 'Nom',
  email: 'E-mail',
  phone: 'Téléphone',
  locale: 'Langue',
  time_zone: 'Fuseau horaire',
  confirm: 'Confirmer la réservation',
  back: 'Choisir un autre créneau',
  booked: (when) => `Votre réservation est confirmée pour le ${when}.`,
  requested: (when) => `Votre demande pour le ${when} est envoyée. Vous recevrez une réponse après validation.`,
  failed: 'Une erreur est survenue. Veuillez réessayer.',
};

const BY_LANGUAGE: Record<string, Strings> = { en, fr };

export function stringsFor(locale: string): Strings {
  return BY_LANGUAGE[locale.split('-')[0]!.toLowerCase()] ?? en;
}
