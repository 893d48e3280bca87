package org.springframework.boot;

public class SpringApplication {
    private final Class<?>[] primarySources;

    public SpringApplication(Class<?>... primarySources) {
        this.primarySources = primarySources;
    }

    public void setAdditionalProfiles(String... profiles) {
    }

    public Object run(String... args) {
        throw new UnsupportedOperationException("stand-in");
    }

    public static Object run(Class<?> primarySource, String... args) {
        return new SpringApplication(primarySource).run(args);
    }
}
