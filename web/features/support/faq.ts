/** The Help page's questions, by role, in the product's own rules (docs/booking.md, gate.md, owner.md, wallet.md). */
export type Faq = { question: string; answer: string };

export const FAQ: { role: string; questions: Faq[] }[] = [
  {
    role: 'Drivers',
    questions: [
      {
        question: 'How do I reserve a slot?',
        answer:
          'Find Parking shows the lots near you with their live availability and price. Choose a lot, a start and a duration, and pay from your wallet. Your pass, a QR code, is under My Reservations.',
      },
      {
        question: 'Can I cancel and get my money back?',
        answer:
          "Cancel from the reservation's page. Before the lot's cancellation window, the whole amount goes back to your wallet; inside it, the booking cannot be refunded or moved. Every charge and refund has its official receipt under Receipts.",
      },
      {
        question: 'What if I arrive late or stay longer?',
        answer:
          'A reservation waits for you through its grace period, then expires as a no-show. Stay past your end and the extra time is charged at the gate, or extend from the reservation while you are parked (Auto Extend can do it for you).',
      },
      {
        question: 'Someone is in my slot or the gate will not open. What do I do?',
        answer:
          "Use Report an Issue on the lot's page or your reservation: it goes straight to the lot's staff, who reply in its thread. If your slot was taken, you can choose another slot or, once the staff confirm it, a full refund.",
      },
    ],
  },
  {
    role: 'Attendants',
    questions: [
      {
        question: 'How do I check a car in or out?',
        answer:
          'From the Gate screen of your lot: scan the pass or type the plate. A walk-in gets a free slot; at exit the stay is charged to the driver’s wallet or paid in cash, and its receipt is issued.',
      },
      {
        question: 'When may I override?',
        answer:
          'Only with a reason from the list (a lost ticket, a broken scanner, and so on); every override is written in the audit log your owner and Parkada can read.',
      },
    ],
  },
  {
    role: 'Owners',
    questions: [
      {
        question: 'How do I list a lot?',
        answer:
          'Once your owner application is approved, add a lot from your dashboard with its slots, hours and rates. Parkada reviews each lot before it goes on sale; a rejected lot can be edited and submitted again.',
      },
      {
        question: 'How am I paid?',
        answer:
          'Each month has its statement: what your lots sold, the platform fee and VAT. Parkada pays out the balance and records the payout, which your statement then shows.',
      },
      {
        question: 'Who works my gate?',
        answer: 'Invite attendants by e-mail from Attendants; they work only the lots you assign, and you can remove them at any time.',
      },
    ],
  },
];
