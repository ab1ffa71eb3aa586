/**
 * Stable codes for every message the server can send, with the French text it sends.
 * The client never shows `message` as-is: it translates `code` through src/i18n (whose `fr`
 * entries are these same texts, checked by a test). The French texts quoted in SPEC.md are kept
 * word for word.
 */
export const serverMessages = {
  required: "Le champ est obligatoire",
  invalidEmail: "Merci de renseigner une adresse email valide",
  invalidCredentials: "Adresse email ou mot de passe incorrect",
  invalidLoginCode: "Ce code de connexion est invalide ou a expiré",
  invalidResetToken: "Ce lien de réinitialisation est invalide ou a expiré",
  weakPassword: "Le mot de passe doit contenir au moins 8 caractères",
  emailTaken: "Un compte existe déjà avec cette adresse email",
  tokenExpired: "Token has expired",
  tokenInvalid: "Session invalide, veuillez vous reconnecter",
  refreshInvalid: "Session expirée, veuillez vous reconnecter",
  tooManyAttempts: "Trop de tentatives, veuillez réessayer dans quelques minutes",
  forbidden: "Vous ne possédez pas les droits pour effectuer ceci.",
  notFound: "Cette ressource est introuvable",
  badRequest: "La requête est invalide",
  payloadTooLarge: "La requête est trop volumineuse",
  generic: "Une Erreur est survenue, veuillez réessayer plus tard.",
  modificationNotAllowed: "Cette modification n'est pas autorisée",
  associationNotAllowed: "Cette association n'est pas autorisee",
  invalidKind: "Ce type ne correspond pas à la catégorie de structure choisie",
  alreadyMember: "Cette personne est déjà membre de la structure",
  alreadyInvited: "Une invitation est déjà en attente pour cette adresse",
  alreadyRequested: "Votre demande d'adhésion est déjà en attente",
  invitationClosed: "Cette invitation n'est plus valable",
  requestClosed: "Cette demande a déjà été traitée",
  invalidFinaliseLink: "Ce lien de création de compte est invalide ou a expiré",
  accountPendingFinalisation:
    "Une invitation a été envoyée à cette adresse : suivez le lien reçu par e-mail pour créer votre compte",
  searchTooShort: "Saisissez au moins 2 caractères",
  clusterRequiredForCounter: "Veuillez sélectionner la structure rattachée à ce boîtier",
  counterRequired: "Veuillez renseigner un compteur avant de continuer",
  selectionUnknown: "Cette selection n'existe pas",
  endBeforeStart: "La Date de fin DOIT être strictement après la date de début.",
  decimalComma: "Les nombres décimaux s'écrivent avec un point, pas une virgule (par exemple 3.5)",
  invalidNumber: "Veuillez saisir un nombre positif",
  associationOverlap: "Ce boîtier est déjà associé à une machine sur cette période",
  counterExists: "Ce boîtier est déjà enregistré",
  tagExists: "Ce tag est déjà enregistré",
  noBoxOnMachine: "Aucun boîtier n'est posé sur cette machine",
  outOfRange: "Valeur hors des limites autorisées",
} as const

export type MessageCode = keyof typeof serverMessages
