import type { BaseTranslation } from "../../i18n-types"

/** The user guide inside the application (/help): the home cards' tasks, then each area's essentials. */
const fr_guide = {
  title: "Guide d'utilisation",
  intro:
    "L'essentiel pour utiliser Sillon au quotidien, dans votre exploitation comme dans votre CUMA. Ce que vous pouvez faire dépend de vos droits dans chaque structure : ce qui vous est interdit apparaît grisé, avec le droit qui manque.",
  contents: "Sommaire",
  tasks: {
    title: "Tâches courantes",
    intro: "Les tâches des cartes de l'accueil, et l'écran où chacune se fait.",
    putBox:
      "Choisissez la structure et le numéro du boîtier, puis la machine et la date de début ; la date de fin est facultative. Il faut le droit « Modifier les compteurs ».",
    removeBox:
      "La liste montre les boîtiers posés sur une machine : « Retirer le boîtier » met fin à l'association, après confirmation.",
    workOrderCard: "Ouvrez la machine depuis la liste des machines, puis son onglet « Bon de travail ».",
    exportData: "Les rapports se consultent par zone de travail, par machine et par activité.",
    bookingCard:
      "Choisissez la structure, les machines et les salariés dans l'ordre où ils servent, les dates, puis « Envoyer la demande ».",
    finishedActivity:
      "Retrouvez l'activité enregistrée par le boîtier, vérifiez-la et complétez ce qui manque.",
  },
  sections: {
    signIn: {
      title: "Se connecter",
      points: {
        ways: "Connectez-vous avec votre adresse email et votre mot de passe, ou demandez un code de connexion à usage unique, envoyé par email.",
        forgotten:
          "Mot de passe oublié ? La page de connexion vous envoie un lien pour en choisir un nouveau.",
        address:
          "Tant que votre adresse et votre ville ne sont pas renseignées, Sillon vous ouvre votre profil pour les compléter.",
        throttle:
          "Après trop d'essais manqués, Sillon demande d'attendre quelques minutes avant de réessayer.",
      },
    },
    structures: {
      title: "Structures, membres et droits",
      points: {
        what: "Une structure est une exploitation, une CUMA, un concessionnaire ou une entreprise de services. Créez la vôtre ou demandez à rejoindre une structure existante.",
        members:
          "Les membres sont invités par email avec un rôle : salarié, partenaire, adhérent ou client. Les demandes d'adhésion sont acceptées par les membres qui en ont le droit.",
        rights:
          "Chaque membre a ses propres droits dans la structure (onglet « Droits »). On ne donne ou ne retire que les droits que l'on détient soi-même.",
      },
    },
    machines: {
      title: "Machines et boîtiers",
      points: {
        list: "La liste montre les machines de vos structures et celles auxquelles on vous a donné accès. Ajouter une machine demande le droit « Créer une machine ».",
        decimal: "Les nombres décimaux s'écrivent avec un point : 3.5, pas 3,5.",
        boxes:
          "Un boîtier (Databox) posé sur une machine suit son travail. Il n'est posé que sur une machine à la fois.",
        page: "La page d'une machine montre ses caractéristiques, le boîtier posé et qui peut faire quoi avec elle.",
      },
    },
    planning: {
      title: "Planning et réservations",
      points: {
        request:
          "Une réservation part toujours comme une demande, en rouge ; une fois acceptée, elle passe en vert.",
        overlap: "Une machine ou un salarié n'est jamais réservé deux fois sur la même période.",
        views:
          "Le planning global montre les réservations par jour, semaine ou mois ; le planning pour téléphone les montre 14 jours à la fois.",
      },
    },
    notifications: {
      title: "Notifications",
      points: {
        bell: "La cloche de l'en-tête indique combien de notifications sont non lues.",
        what: "Invitations, demandes d'adhésion et réservations y arrivent ; les invitations qui attendent votre réponse sont en tête.",
        read: "Ouvrir une notification la marque comme lue ; « Tout marquer comme lu » les marque toutes.",
      },
    },
    announcements: {
      title: "Annonces",
      points: {
        home: "Les annonces de vos structures que vous n'avez pas encore lues s'affichent en haut de l'accueil, les urgentes d'abord, en rouge ; « Marquer comme lue » les range.",
        post: "Avec le droit « Modifier les informations de la structure », publiez-en une depuis « Annonces » : le message, « Urgente » si elle l'est, et une fin facultative. Chaque membre est prévenu, et par e-mail si elle est urgente.",
        end: "« Terminer l'annonce » la retire pour tout le monde ; sans date de fin, elle reste affichée jusque-là.",
      },
    },
    account: {
      title: "Votre compte",
      points: {
        profile:
          "Votre profil regroupe votre identité, vos coordonnées et votre adresse, obligatoire pour utiliser Sillon.",
        confirm:
          "Confirmez votre adresse email avec le code reçu : sans cela, les invitations des structures ne vous parviennent pas.",
        language: "La langue se choisit dans l'en-tête ; cet appareil la retient.",
        everywhere:
          "« Se déconnecter de tous les appareils », dans votre profil, ferme toutes vos sessions : utile après la perte d'un téléphone.",
      },
    },
  },
} satisfies BaseTranslation

export default fr_guide
