import type { NamespaceGuideTranslation } from "../../i18n-types"

/** The user guide inside the application (/help): the home cards' tasks, then each area's essentials. */
const en_guide = {
  title: "User guide",
  intro:
    "What you need to use Sillon day to day, on your farm or in your cooperative. What you may do depends on your rights in each structure: what you may not do is greyed out, with the missing right named.",
  contents: "Contents",
  tasks: {
    title: "Common tasks",
    intro: "The tasks of the home page's cards, and the screen where each is done.",
    putBox:
      "Choose the structure and the box number, then the machine and the start date; the end date is optional. It takes the right “Edit counters”.",
    removeBox:
      "The list shows the boxes fitted on a machine: “Remove the box” ends the association, after a confirmation.",
    workOrderCard: "Open the machine from the list of machines, then its “Work order” tab.",
    exportData: "Reports are read by work area, by machine and by activity.",
    bookingCard:
      "Choose the structure, the machines and employees in the order they are needed, the dates, then “Send the request”.",
    finishedActivity: "Find the activity the box recorded, check it and fill in what is missing.",
  },
  sections: {
    signIn: {
      title: "Signing in",
      points: {
        ways: "Sign in with your email address and password, or ask for a single-use login code sent by email.",
        forgotten: "Forgot your password? The sign-in page sends you a link to choose a new one.",
        address:
          "Until your address and city are filled in, Sillon opens your profile so that you complete them.",
        throttle:
          "After too many failed attempts, Sillon asks you to wait a few minutes before trying again.",
      },
    },
    structures: {
      title: "Structures, members and rights",
      points: {
        what: "A structure is a farm, a cooperative (CUMA), a dealer or a service company. Create your own or ask to join an existing one.",
        members:
          "Members are invited by email with a role: employee, partner, member or client. Requests to join are accepted by members who hold that right.",
        rights:
          "Each member holds their own rights in the structure (the “Rights” tab). You can only give or take away rights you hold yourself.",
      },
    },
    machines: {
      title: "Machines and boxes",
      points: {
        list: "The list shows your structures' machines and those you were given access to. Adding a machine takes the right “Create a machine”.",
        decimal: "Decimal numbers are written with a point: 3.5, not 3,5.",
        boxes: "A box (Databox) fitted on a machine follows its work. It is on one machine at a time.",
        page: "A machine's page shows its characteristics, the box fitted on it and who may do what with it.",
      },
    },
    planning: {
      title: "Planning and bookings",
      points: {
        request: "A booking always starts as a request, in red; once accepted it turns green.",
        overlap: "A machine or an employee is never booked twice over the same period.",
        views:
          "The global planning shows bookings by day, week or month; the phone planning shows them 14 days at a time.",
      },
    },
    notifications: {
      title: "Notifications",
      points: {
        bell: "The bell in the header shows how many notifications are unread.",
        what: "Invitations, requests to join and bookings arrive there; invitations waiting for your answer come first.",
        read: "Opening a notification marks it read; “Mark all as read” marks them all.",
      },
    },
    announcements: {
      title: "Announcements",
      points: {
        home: "Your structures' announcements you have not read yet show at the top of the home page, urgent ones first, in red; “Mark as read” puts them away.",
        post: "With the right “Edit structure information”, post one from “Announcements”: the message, “Urgent” if it is, and an optional end. Every member is told, and by e-mail when it is urgent.",
        end: "“End the announcement” takes it down for everyone; without an end date it shows until then.",
      },
    },
    account: {
      title: "Your account",
      points: {
        profile:
          "Your profile holds your identity, your contact details and your address, which Sillon needs before anything else.",
        confirm:
          "Confirm your email address with the code you received: until then, structures' invitations do not reach you.",
        language: "The language is chosen in the header; this device remembers it.",
        everywhere:
          "“Sign out of all devices”, in your profile, closes every session you have: useful after losing a phone.",
      },
    },
  },
} satisfies NamespaceGuideTranslation

export default en_guide
