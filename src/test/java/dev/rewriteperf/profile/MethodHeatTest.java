package dev.rewriteperf.profile;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Which {@code topTypes} of a hot-methods row say the method's failures ran while recording. */
class MethodHeatTest {

    @Test
    void anExceptionOrAnErrorAmongTheTopTypesNamesAFailure() {
        assertThat(MethodHeat.namesAnException("java.io.EOFException 60%; byte[] 40%")).isTrue();
        assertThat(MethodHeat.namesAnException("byte[] 70%; java.lang.StackOverflowError 30%")).isTrue();
        assertThat(MethodHeat.namesAnException("java.lang.Throwable 100%")).isTrue();
    }

    @Test
    void otherTypesAndAnEmptyColumnNameNone() {
        assertThat(MethodHeat.namesAnException("int[] 100%")).isFalse();
        assertThat(MethodHeat.namesAnException("com.example.ErrorCodes 50%; com.example.ExceptionHandler$Entry 50%")).isFalse();
        assertThat(MethodHeat.namesAnException("")).isFalse();
    }

    @Test
    void lambdasKeptApartCarryTheirFailuresIntoTheirMethod() {
        MethodHeat method = new MethodHeat(100, 0.1, 0, false);
        MethodHeat lambda = new MethodHeat(10, 0.01, 0, true);
        assertThat(method.plus(lambda).allocatesExceptions()).isTrue();
        assertThat(method.plus(method).allocatesExceptions()).isFalse();
    }
}
