package io.mcpfuzzer.generate;

import java.util.SplittableRandom;

/** Small vocabularies for realistic text. Stateless. */
final class Words {
    private static final String[] WORDS = {"amber", "river", "falcon", "quartz", "meadow", "orbit", "cedar",
        "harbor", "lantern", "summit", "pixel", "velvet", "canyon", "ember", "glacier", "willow", "comet",
        "delta", "maple", "nebula", "prairie", "raven", "sierra", "tundra", "violet", "zephyr", "basil",
        "cobalt", "dune", "fjord", "garnet", "indigo", "jasper", "kelp", "lotus", "mosaic", "nectar", "opal"};
    private static final String[] FIRST = {"Alice", "Bruno", "Chen", "Dana", "Elif", "Farah", "Goran", "Hana",
        "Ivan", "Jamal", "Keiko", "Lucia", "Mateo", "Nadia", "Omar", "Priya", "Quinn", "Rosa", "Sven", "Tariq"};
    private static final String[] LAST = {"Martin", "Okafor", "Silva", "Novak", "Tanaka", "Haddad", "Larsen",
        "Moreau", "Kowalski", "Reyes", "Schmidt", "Yilmaz", "Nguyen", "Costa", "Fischer", "Ahmed"};
    private static final String[] CITIES = {"Lisbon", "Nairobi", "Osaka", "Montreal", "Krakow", "Lima",
        "Auckland", "Tromso", "Marrakesh", "Hanoi", "Porto", "Denver", "Valparaiso", "Tbilisi", "Bergen"};
    private static final String[] COUNTRIES = {"Portugal", "Kenya", "Japan", "Canada", "Poland", "Peru",
        "New Zealand", "Norway", "Morocco", "Vietnam", "Chile", "Georgia"};
    private static final String[] TOPICS = {"weather forecast", "quarterly sales", "open issues", "release notes",
        "meeting notes", "budget summary", "travel plans", "error logs", "user feedback", "project status"};

    private Words() {}

    static String word(SplittableRandom r) {
        return WORDS[r.nextInt(WORDS.length)];
    }

    static String person(SplittableRandom r) {
        return FIRST[r.nextInt(FIRST.length)] + " " + (char) ('A' + r.nextInt(26)) + ". " + LAST[r.nextInt(LAST.length)];
    }

    static String city(SplittableRandom r) {
        return CITIES[r.nextInt(CITIES.length)];
    }

    static String country(SplittableRandom r) {
        return COUNTRIES[r.nextInt(COUNTRIES.length)];
    }

    static String topic(SplittableRandom r) {
        return TOPICS[r.nextInt(TOPICS.length)];
    }

    /** A short, varied phrase such as {@code "amber-river-482"}. */
    static String token(SplittableRandom r) {
        return word(r) + "-" + word(r) + "-" + r.nextInt(1000);
    }

    /** A sentence-like text of a few words. */
    static String sentence(SplittableRandom r) {
        StringBuilder b = new StringBuilder(TOPICS[r.nextInt(TOPICS.length)]);
        int extra = r.nextInt(1, 5);
        for (int i = 0; i < extra; i++) {
            b.append(' ').append(word(r));
        }
        return b.append(' ').append(r.nextInt(100)).toString();
    }
}
