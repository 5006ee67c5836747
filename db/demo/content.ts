// Demo content seeded into an empty database on first start.
// Plain data only: every `image` is the file name of an SVG in db/demo/images.

export type DemoPost = {
  title: string;
  category: string;
  description: string;
  image: string;
  /** What the picture shows, for people who cannot see it (its alt on the public pages). */
  imageAlt: string;
  daysAgo: number;
};

export type DemoCourse = {
  title: string;
  description: string;
  image: string;
  /** What the picture shows, for people who cannot see it (its alt on the public pages). */
  imageAlt: string;
};

export type DemoCompanyDetails = {
  address: string;
  email: string;
  phone: string;
};

export const DEMO_POSTS: DemoPost[] = [
  {
    title: "Admissions Open for Session 2025-26: Nursery to Grade 8",
    category: "Admissions",
    description: [
      "Admissions are now open at Zipat for the 2025-26 session, from Nursery and KG all the way to Grade 8. Because we are a fully online school, your child can join us from any city in India, and from home, without a daily commute.",
      "Our programme is organised in three stages. Early Years (Nursery and KG) welcomes children from 3+ years and builds curiosity through play, songs and stories. Primary (Grade 1 to 5) lays strong foundations in language, mathematics and science. Middle (Grade 6 to 8) deepens every subject and introduces students to more than 100 careers, so they begin to discover what excites them.",
      "Zipat is the only accredited 100% online school, and we are proud to be among the most affordable. Our accreditation comes from a US-based accrediting consortium, the largest in the world, which works with over 40,000 schools in 85 countries.",
      "Choosing a school is a big decision, and we would love to answer your questions first. Tell us your child's age and current grade through the enquiry form on this website, or write to us or call us using the contact details below. Our team will walk you through the next steps, help you pick the right grade and show you what a day at Zipat looks like.",
      "Happy students, happy parents: that is the promise we work towards every day. We look forward to meeting your family.",
    ].join("\n\n"),
    image: "post-admissions-2025.svg",
    imageAlt:
      "A school building on a laptop screen, a calendar with a tick and balloons, and a boy with a school bag waving.",
    daysAgo: 3,
  },
  {
    title: "A Calm Morning Routine for Online School Days",
    category: "Parenting",
    description: [
      "Learning from home takes away the rush for the school bus, but children still need a rhythm to their mornings. A predictable routine tells the brain that the school day is about to begin, and it makes the first class of the day much easier for everyone.",
      "Start with the same wake-up time on every school day, even though there is no commute. Give your child ten minutes of light movement or sunlight: stretching on the balcony, watering the plants or a short walk with a grandparent all work well.",
      "Breakfast matters. A simple, filling meal such as idli, poha, upma, parathas with curd, or fruit with milk keeps children focused until the first break. Try to eat away from the screen so the meal feels like family time rather than a quick bite between tasks.",
      'Then "get dressed for school". Changing out of night clothes, combing hair and filling a water bottle are small signals that class is starting. Keep a short checklist near the study table with a few pictures for younger children: brush, bath, breakfast, bag ready.',
      "Finally, switch on the laptop five minutes early so there is no last-minute panic about chargers or headphones. A calm start turns into a happy, productive day, and a happy child makes for a happy parent too.",
    ].join("\n\n"),
    image: "post-morning-routine.svg",
    imageAlt:
      "A girl having breakfast at a table by a sunny window, with a clock, a ticked-off checklist and a tablet ready for class.",
    daysAgo: 9,
  },
  {
    title: "Setting Up a Happy Learning Corner at Home",
    category: "Learning at Home",
    description: [
      'Your child does not need a separate study room to learn well online. A small, dedicated corner that belongs to them is enough, and it helps them switch into "school mode" the moment they sit down.',
      "Pick a spot with good natural light, ideally near a window, and away from the television and the busiest part of the house. A table at elbow height and a chair that lets their feet rest flat on the floor will save them from a sore back. For younger children, a cushion or a low stool under the feet makes a big difference.",
      "Keep only what they need within reach: the laptop or tablet with its charger, a pair of comfortable headphones, a notebook, pencils, an eraser and a water bottle. A small shelf or box for books keeps the table clear and teaches them to tidy up at the end of the day.",
      "Let your child make the corner their own. Pin up a drawing they are proud of, add a small plant to care for, or put up a simple timetable they can tick off. When children help design their space, they take more pride in using it.",
      "Most of all, keep the corner a calm place. Agree as a family that when the headphones are on, class is in session. That small sign of respect tells your child that their learning matters.",
    ].join("\n\n"),
    image: "post-learning-corner.svg",
    imageAlt:
      "A girl with headphones at a tidy desk with a laptop, a lamp and pencils, beside a window, a pinboard and a bookshelf.",
    daysAgo: 17,
  },
  {
    title: "Nursery and KG Online: How Our Youngest Learners Grow Through Play",
    category: "Early Years",
    description: [
      "Parents often ask us whether a three-year-old can really learn online. The answer lies in how we teach. Our Early Years programme for Nursery and KG (3+ years) is built around play, songs, stories and movement, not long hours in front of a screen.",
      "Sessions are short and lively. Children sing rhymes with actions, count toys they find around the house, sort objects by colour and shape, and listen to stories that they later retell in their own words. Many activities happen away from the screen, with things you already have at home: spoons, blocks, leaves, crayons and old newspapers.",
      "This is how young children build early literacy and numeracy, fine motor skills and, just as importantly, confidence. When a child proudly holds up the tower they built or the leaf they found, they are practising language, observation and self-expression all at once.",
      "At this age, you are your child's closest learning partner. We share simple ideas so that you can continue the fun during the day: counting steps on the staircase, naming vegetables in the kitchen or drawing a picture of the story you read together at bedtime.",
      "A joyful start builds a lifelong love of learning. That is what we want for every little one who joins Zipat.",
    ].join("\n\n"),
    image: "post-early-years-play.svg",
    imageAlt:
      "A small child on a play mat holding up a block, with stacking rings, shape blocks and a tablet showing a smiling sun.",
    daysAgo: 26,
  },
  {
    title: "See What Your Child Learns: Time Spent per Topic, Page and Module",
    category: "Parenting",
    description: [
      'One of the questions parents ask most often about online school is simple: "How do I know what my child is actually doing?" At Zipat, you do not have to guess.',
      "Parents can monitor how much time their child spends on each topic, each page and each module. At a glance, you can see whether your daughter breezed through fractions but spent a long time on the chapter about plants, or whether your son has been skipping ahead without finishing a module.",
      "Used well, this information starts good conversations rather than arguments. If a topic took much longer than usual, ask your child what made it tricky and what they found interesting about it. If a module was finished very quickly, ask them to teach it back to you in their own words. Children love playing teacher, and explaining is one of the best ways to learn.",
      "Look for patterns over a few weeks instead of reacting to a single day. Some children do their best work in the morning; others need a break after lunch before they can focus again. What you notice can help you plan a routine that suits your child.",
      "Most of all, celebrate effort. Pointing out the extra time your child put into a difficult topic tells them that hard work is noticed and valued, and that is a lesson that lasts far beyond any single module.",
    ].join("\n\n"),
    image: "post-parent-monitoring.svg",
    imageAlt:
      "A parent and child on a sofa looking at a tablet, beside a dashboard of charts and progress bars.",
    daysAgo: 34,
  },
  {
    title: "Beyond the Textbook: Yoga, Music, Art, Coding and More",
    category: "Wellbeing",
    description: [
      "A happy child learns better. That is why life at Zipat goes well beyond textbooks. Alongside their subjects, our students take part in counselling, yoga, music, art, dance, story-telling, coding and cultural exchanges, all online.",
      "Each activity builds something different. Yoga helps children settle their minds and look after their bodies, especially on days spent at a desk. Music and dance build rhythm, memory and the courage to perform. Art lets them express feelings they may not yet have words for, while story-telling grows imagination, vocabulary and confidence in speaking.",
      "Coding teaches children to break a big problem into small steps and to keep trying when something does not work the first time. Cultural exchanges open a window onto how other children live, celebrate and learn, and they make friendships across cities possible.",
      "Counselling is there for the times when growing up feels hard. Children can talk to a caring adult about worries with friends, nervousness before a test or simply a difficult week.",
      "We encourage parents to notice which activities make their child light up, and to make room for them at home too. A few minutes of music before dinner or a family drawing session on Sunday can turn a school activity into a lifelong joy.",
    ].join("\n\n"),
    image: "post-extracurriculars.svg",
    imageAlt:
      "A girl dancing in a circle of icons for music, art, coding, cultural exchange, drumming, reading, friendship and yoga.",
    daysAgo: 45,
  },
  {
    title: "One Classroom, Many Cities: Learning Alongside Friends from Across India",
    category: "Community",
    description: [
      "In a Zipat class, the child who answers a question from Chennai might be followed by a classmate in Pune, another in Hyderabad and a friend in Delhi. Our students join from cities such as Coimbatore, Surat, Mumbai, Bangalore, Visakhapatnam and Gurugram, and every lesson is richer for it.",
      "Multicultural classrooms teach things that no textbook can. Children hear different languages at home, celebrate different festivals and eat different food, and they learn to be curious about those differences rather than wary of them. A class discussion about harvest festivals can travel from Pongal to Makar Sankranti to Lohri in a few minutes.",
      "Group projects give students practice in working with people who do not think exactly like them. They learn to listen, to share ideas clearly and to respect another point of view, skills that will matter in whatever career they choose.",
      "At home, you can build on this. Ask your child where their classmates are joining from and what they learned about those places. Find the cities together on a map, or try a dish from a friend's home state on the weekend.",
      "Holistic development means growing as a person, not only as a student. Our multicultural classrooms help children see India, and the wider world, as a place full of friends.",
    ].join("\n\n"),
    image: "post-multicultural-classroom.svg",
    imageAlt:
      "A map of India with pins in many cities, linked to a laptop showing six children in one video class.",
    daysAgo: 58,
  },
  {
    title: "Exploring 100+ Careers in Grades 6 to 8",
    category: "Careers",
    description: [
      '"What do you want to become when you grow up?" Most children answer with the few jobs they see around them. Our middle programme for Grades 6 to 8 sets out to widen that list, by introducing students to more than 100 careers.',
      "Students explore what people actually do in different fields: doctors and nurses, engineers and architects, scientists and farmers, designers and chefs, coders, writers, pilots and many more. They look at the subjects each career draws on, the kind of problems it solves and the kind of person who enjoys it.",
      "The aim is not to make a twelve-year-old choose a career. It is to help them notice what they are curious about and see that today's subjects connect to real work. A student who enjoys drawing and mathematics may be surprised to discover architecture; one who loves animals might learn what a wildlife researcher does every day.",
      "Parents play a big part here. Talk to your child about your own work and the path that led you to it. Invite relatives and family friends to share theirs. Every conversation adds another possibility to your child's map of the future.",
      "Early exposure takes pressure off later decisions. By the time our students reach high school, they have a clearer sense of their interests and the confidence to keep exploring.",
    ].join("\n\n"),
    image: "post-career-exploration.svg",
    imageAlt:
      "A boy on a hill raising his hand, linked to career icons: a stethoscope, a hard hat, a flask, a rocket, a computer, a palette and a chef's hat.",
    daysAgo: 73,
  },
  {
    title: "What Accreditation Means for an Online School",
    category: "About Zipat",
    description: [
      "When families first hear about an online school, one of their first questions is whether it is recognised. It is a fair question, and we are happy to answer it. Zipat is the only accredited 100% online school.",
      "Our accreditation comes from a US-based accrediting consortium, the largest in the world, which works with over 40,000 schools in 85 countries. Accreditation means that an independent body has reviewed how a school teaches, how it supports students and how it keeps improving, and has found that it meets an international standard.",
      "For parents, this is reassurance that online learning at Zipat follows a structured curriculum with clear goals for each grade, from Nursery and KG through Primary and up to Grade 8. It also means the school is held accountable over time, not just on the day it was reviewed.",
      "For children, it means learning in a school that takes quality seriously while keeping the joy in learning. Accreditation is not the reason we exist. Happy, curious, confident children are. But it is an important promise that we take seriously, alongside our commitment to remaining one of the most affordable schools for families across India.",
      "If you would like to know more about our accreditation and what it means for your child, please get in touch. We are always glad to talk.",
    ].join("\n\n"),
    image: "post-accreditation.svg",
    imageAlt:
      "A globe with map pins beside a shield with a tick in a laurel wreath, and a certificate with a seal.",
    daysAgo: 96,
  },
];

export const DEMO_COURSES: DemoCourse[] = [
  {
    title: "English & Phonics",
    description:
      "Children learn to read, speak and write English with confidence, starting from letter sounds. Phonics games, rhymes and picture stories help early readers blend sounds into words, while older students build vocabulary, grammar and creative writing through lively discussions and short projects.",
    image: "course-english-phonics.svg",
    imageAlt:
      "A girl with headphones reading a big picture book, surrounded by the letter blocks A, B and C.",
  },
  {
    title: "Mathematics",
    description:
      "Maths becomes a favourite subject when children can see it, touch it and use it. From counting toys and spotting shapes at home to fractions, geometry and problem solving in the middle years, students build strong number sense step by step, with plenty of practice and real-life examples.",
    image: "course-mathematics.svg",
    imageAlt:
      "A girl beside an abacus and the signs for plus, minus, times and divide, with a cube, a cone and a ruler.",
  },
  {
    title: "Science Explorers",
    description:
      "Curious minds ask why, and science explorers go and find out. Students observe plants, weather, materials and the night sky, try simple experiments with everyday things at home, and learn to predict, test and explain what they discover, just like real scientists.",
    image: "course-science.svg",
    imageAlt: "A boy at a telescope under a starry sky, waving at a rocket, a ringed planet and the moon.",
  },
  {
    title: "Coding for Kids",
    description:
      "Coding teaches children to think step by step and to turn their ideas into working games and animations. Younger learners start by snapping together colourful code blocks; older students move on to building their own projects, learning to spot mistakes, fix them and keep improving.",
    image: "course-coding.svg",
    imageAlt:
      "A girl beside a laptop showing colourful blocks of code, with a friendly robot on the other side.",
  },
  {
    title: "Art & Craft",
    description:
      "Every child is an artist, and our art and craft sessions give that creativity room to grow. Students draw, paint, cut, fold and build with simple materials found at home, learning about colour, shape and texture while making things they are proud to show the family.",
    image: "course-art-craft.svg",
    imageAlt: "A child painting a house on a hill at an easel, with a palette, brushes and pencils nearby.",
  },
  {
    title: "Music & Dance",
    description:
      "Music and dance bring rhythm, joy and confidence into the school day. Children sing, clap, keep the beat and move to music from India and around the world, discovering instruments like the tabla and the guitar and learning to perform for their classmates.",
    image: "course-music.svg",
    imageAlt: "A girl dancing with her arms raised between a tabla, a guitar and floating music notes.",
  },
  {
    title: "Yoga & Mindfulness",
    description:
      "Yoga and mindfulness help children stay active, calm and focused, even on busy study days. Short, playful sessions teach simple poses, stretches and breathing exercises, along with ways to notice feelings and settle the mind before a lesson, a test or bedtime.",
    image: "course-yoga.svg",
    imageAlt:
      "A girl in the tree pose on a yoga mat in front of the rising sun, with lotus flowers and potted plants.",
  },
  {
    title: "Story-telling",
    description:
      "Stories open doors to new worlds and new words, and every child has stories of their own to tell. Students listen to folk tales, fables and picture books, then retell, act out and invent their own, growing imagination, vocabulary and the confidence to speak in front of others.",
    image: "course-storytelling.svg",
    imageAlt:
      "Two children sitting beside an open book from which a castle and a rainbow rise into the night sky.",
  },
];

export const DEMO_COMPANY_DETAILS: DemoCompanyDetails = {
  address: [
    "Zipat School",
    "3rd Floor, Sunrise Business Park",
    "100 Feet Road, Indiranagar",
    "Bengaluru, Karnataka 560038",
    "India",
  ].join("\n"),
  email: "hello@zipat.school",
  phone: "+91 80 4567 8900",
};
