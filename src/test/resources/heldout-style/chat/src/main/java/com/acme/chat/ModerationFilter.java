package com.acme.chat;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Scores each message against a block list and weighted phrases; above the threshold the text is
 * replaced and the sender gets a strike. Installed as a hook by the built-in moderation plugin.
 */
@PluginRegistry.HookInfo(name = "moderation")
public class ModerationFilter implements PluginRegistry.MessageHook {

    private static final List<String> SHIPPED_BLOCKLIST = List.of("spam", "scam", "phishing", "casino");
    private static final List<String> RESERVED_HANDLES = List.of("Admin", "Moderator", "System", "ChatBot");

    /** Names nobody but staff may post under. */
    private static final Set<String> RESERVED = RESERVED_HANDLES.stream()
            .map(h -> h.toLowerCase(Locale.ROOT))
            .collect(Collectors.toSet());

    private volatile Set<String> blocked;
    private final Map<String, Integer> weights = new ConcurrentHashMap<>();
    private final Map<String, Integer> strikes = new ConcurrentHashMap<>();
    private final int threshold;

    {
        Set<String> words = new HashSet<>();
        words.addAll(SHIPPED_BLOCKLIST);
        blocked = words;
    }

    public ModerationFilter(int threshold, Map<String, Integer> phraseWeights) {
        this.threshold = threshold;
        this.weights.putAll(phraseWeights);
    }

    /** Operator command: block a word from now on. */
    public void block(String word) {
        Set<String> next = new HashSet<>(blocked);
        next.add(word.toLowerCase(Locale.ROOT));
        blocked = next;
    }

    public int strikesOf(String userId) {
        return strikes.getOrDefault(userId, 0);
    }

    @Override
    public Message onMessage(Message message) {
        String sender = message.sender();
        if (RESERVED.contains(sender.toLowerCase(Locale.ROOT))) {
            return message.withText("[removed: reserved name]");
        }
        String lower = message.text().toLowerCase(Locale.ROOT);
        String[] words = lower.split("[^\\p{L}\\p{N}']+");
        Set<String> blockedNow = blocked;
        int score = 0;
        for (String word : words) {
            if (blockedNow.contains(word)) {
                score += 10;
            }
        }
        for (String phrase : weights.keySet()) {
            if (lower.contains(phrase)) {
                score += weights.get(phrase);
            }
        }
        if (score < threshold) {
            return message;
        }
        int count = strikes.merge(sender, 1, Integer::sum);
        assert count > 0 : String.format("strike count of %s went to %s", sender, count);
        return message.withText("[removed by moderation]");
    }
}
