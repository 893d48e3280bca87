package com.acme.chat;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/**
 * Plugins and the message hooks they contribute. Plugin classes are named on the command line and
 * loaded once at startup; their hooks then run, in order, on every message.
 */
public final class PluginRegistry {

    /** Implemented by plugins. Needs a public no-argument constructor. */
    public interface ChatPlugin {
        String name();

        List<MessageHook> hooks();
    }

    /** Called by the server for every message before it is stored and routed. */
    @FunctionalInterface
    public interface MessageHook {
        Message onMessage(Message message);
    }

    /** Optional metadata on a hook class: its display name and the rooms it is limited to. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    public @interface HookInfo {
        String name() default "";

        String[] rooms() default {};
    }

    static final class HookMeta {
        final String name;
        final Set<String> rooms;

        HookMeta(String name, Set<String> rooms) {
            this.name = name;
            this.rooms = rooms;
        }

        boolean appliesTo(String room) {
            return rooms.isEmpty() || rooms.contains(room);
        }
    }

    private static final Map<Class<?>, HookMeta> HOOK_META = new ConcurrentHashMap<>();

    private static final Map<Class<?>, String> ERROR_CODES = new ConcurrentHashMap<>();

    /** Built in: drops trailing whitespace; always the first hook. */
    static final MessageHook TRIM_TRAILING;

    static {
        TRIM_TRAILING = new MessageHook() {
            @Override
            public Message onMessage(Message message) {
                String trimmed = message.text().replaceAll("\\s+$", "");
                return trimmed.length() == message.text().length() ? message : message.withText(trimmed);
            }
        };
    }

    private final List<ChatPlugin> plugins = new ArrayList<>();
    private final List<MessageHook> hooks = new CopyOnWriteArrayList<>();

    private PluginRegistry() {
    }

    /** Loads the configured plugin classes. Called once, from {@code ChatServer.main}. */
    public static PluginRegistry discover(List<String> classNames) {
        PluginRegistry registry = new PluginRegistry();
        registry.hooks.add(TRIM_TRAILING);
        for (String className : classNames) {
            ChatPlugin plugin;
            try {
                plugin = (ChatPlugin) Class.forName(className).getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException | ClassCastException e) {
                String why = e.toString();
                throw new IllegalStateException(String.format("cannot load plugin %s: %s", className, why), e);
            }
            if (!plugin.name().matches("[a-z][a-z0-9-]{1,31}")) {
                throw new IllegalStateException("plugin " + className + " has an invalid name: " + plugin.name());
            }
            registry.plugins.add(plugin);
            registry.hooks.addAll(plugin.hooks());
        }
        List<String> names = registry.plugins.stream().map(ChatPlugin::name).collect(Collectors.toList());
        if (new HashSet<>(names).size() != names.size()) {
            throw new IllegalStateException("duplicate plugin names in " + names);
        }
        return registry;
    }

    /** Installs a hook that ships with the server, after the plugins' hooks. */
    public void install(MessageHook hook) {
        hooks.add(hook);
    }

    public List<ChatPlugin> plugins() {
        return plugins;
    }

    /** Hands a message to every hook that applies to its room; called for every message. */
    public Message applyHooks(Message message) {
        Message current = message;
        for (MessageHook hook : hooks) {
            HookMeta meta = HOOK_META.computeIfAbsent(hook.getClass(), PluginRegistry::introspect);
            if (!meta.appliesTo(current.room())) {
                continue;
            }
            try {
                current = hook.onMessage(current);
            } catch (RuntimeException e) {
                String code = ERROR_CODES.computeIfAbsent(e.getClass(), PluginRegistry::errorCode);
                System.err.println(code + ": hook " + meta.name + " failed on " + current + ", skipped");
            }
        }
        return current;
    }

    private static HookMeta introspect(Class<?> type) {
        HookInfo info = type.getAnnotation(HookInfo.class);
        if (info == null) {
            return new HookMeta(type.getName(), Set.of());
        }
        String name = info.name().isEmpty() ? type.getName() : info.name();
        return new HookMeta(name, roomsOf(info));
    }

    private static Set<String> roomsOf(HookInfo info) {
        String[] rooms = info.rooms();
        Set<String> result = new HashSet<>();
        for (String room : rooms) {
            result.add(room);
        }
        return result;
    }

    /** "IllegalStateException" becomes "ILLEGAL_STATE_EXCEPTION". */
    private static String errorCode(Class<?> type) {
        return type.getSimpleName().replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
    }
}
