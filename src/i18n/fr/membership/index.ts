import type { BaseTranslation } from "../../i18n-types"

/** Members, invitations, requests to join, notifications, account finalisation. */
const fr_membership = {
  rightNeeded: "Droit requis : {right:string}",
  cancel: "Annuler",
  retry: "Réessayer",
  members: {
    title: "Membres",
    count: "Membres : {count:number}",
    you: "Vous",
    remove: "Retirer",
    removeNamed: "Retirer {name:string}",
    leave: "Quitter la structure",
    removeTitle: "Retirer ce membre ?",
    removeText:
      "{name:string} ne fera plus partie de {cluster:string}. Ses accès aux machines de la structure seront supprimés.",
    leaveTitle: "Quitter la structure ?",
    leaveText:
      "Vous ne ferez plus partie de {cluster:string} et n'aurez plus accès à ses machines. Pour revenir, il faudra une nouvelle invitation ou une demande acceptée.",
    removed: "Membre retiré",
    left: "Vous avez quitté {cluster:string}",
  },
  invite: {
    title: "Inviter une personne",
    intro:
      "Une personne sans compte Sillon recevra un e-mail pour créer son compte ; les autres reçoivent une notification.",
    email: "Adresse email",
    role: "Rôle",
    submit: "Envoyer l'invitation",
    sent: "Invitation envoyée à {email:string}",
  },
  invitations: {
    title: "Invitations",
    empty: "Aucune invitation envoyée",
    line: "{role:string} · invitée par {name:string} le {date:string}",
    cancel: "Annuler l'invitation",
    cancelNamed: "Annuler l'invitation de {email:string}",
    status: {
      sent: "Envoyée",
      accepted: "Acceptée",
      declined: "Déclinée",
      cancelled: "Annulée",
    },
  },
  requests: {
    title: "Demandes d'adhésion",
    empty: "Aucune demande en attente",
    line: "{role:string} · demandé le {date:string}",
    accept: "Accepter",
    refuse: "Refuser",
    acceptNamed: "Accepter la demande de {name:string}",
    refuseNamed: "Refuser la demande de {name:string}",
    accepted: "Demande acceptée",
    refused: "Demande refusée",
    closed: "Cette demande a déjà été traitée",
  },
  notifications: {
    openAnnouncements: "Voir les annonces",
    openActivity: "Voir l'activité",
    openMaintenance: "Voir l'entretien de la machine",
    title: "Notifications",
    markAllRead: "Tout marquer comme lu",
    empty: "Aucune notification pour l'instant",
    unread: "Non lue",
    open: "Marquer comme lue",
    myInvitations: "Vos invitations en attente",
    invitationFrom: "{name:string} vous invite à rejoindre {cluster:string} comme {role:string}",
    accept: "Accepter",
    decline: "Décliner",
    accepted: "Vous avez rejoint {cluster:string}",
    declined: "Invitation déclinée",
    invitationClosed: "Cette invitation n'est plus valable",
    invitationDone: "Invitation déjà traitée",
    requestDone: "Demande déjà traitée",
    requestedRole: "Rôle demandé : {role:string}",
    kindsNoName: {
      invitationReceived: "Invitation à rejoindre {cluster:string}",
      invitationAccepted: "Votre invitation à rejoindre {cluster:string} a été acceptée",
      invitationDeclined: "Votre invitation à rejoindre {cluster:string} a été déclinée",
      membershipRequested: "Nouvelle demande pour rejoindre {cluster:string}",
    },
    kinds: {
      maintenance: {
        soon: "Entretien bientôt à faire : {rule:string} sur {machine:string}",
        due: "Entretien à faire : {rule:string} sur {machine:string}",
        overdue: "Entretien en retard : {rule:string} sur {machine:string}",
      },
      invitationReceived: "{name:string} vous invite à rejoindre {cluster:string}",
      invitationAccepted: "{name:string} a accepté votre invitation à rejoindre {cluster:string}",
      invitationDeclined: "{name:string} a décliné votre invitation à rejoindre {cluster:string}",
      membershipRequested: "{name:string} demande à rejoindre {cluster:string}",
      membershipAccepted: "Votre demande pour rejoindre {cluster:string} a été acceptée",
      membershipRefused: "Votre demande pour rejoindre {cluster:string} a été refusée",
      boxSilent: "Le boîtier {box:string} ({cluster:string}) n'a rien envoyé depuis plus d'un jour",
      boxLowBattery: "Batterie faible sur le boîtier {box:string} ({cluster:string}) : moins de 20 %",
      announcement: "{name:string} a publié une annonce pour {cluster:string} : {excerpt:string}",
      announcementUrgent:
        "Urgent — {name:string} a publié une annonce pour {cluster:string} : {excerpt:string}",
      activityDisputed: "{name:string} conteste l'activité de {machine:string} du {when:string}",
      disputeAnswered:
        "{name:string} a répondu à votre contestation de l'activité de {machine:string} du {when:string}",
    },
  },
  finalise: {
    title: "Créer votre compte",
    invited: "{name:string} vous invite à rejoindre {cluster:string} sur Sillon.",
    intro: "Indiquez votre nom et choisissez un mot de passe pour activer votre compte.",
    submit: "Créer mon compte",
    toSignIn: "Aller à la connexion",
  },
} satisfies BaseTranslation

export default fr_membership
